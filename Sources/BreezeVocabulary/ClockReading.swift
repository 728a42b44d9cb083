#if canImport(Glibc)
import Glibc
#endif

/// The one clock: what every decision that depends on time reads, injected as a
/// `@Sendable () -> ClockReading` (tests pass a fake one). A reading of both clocks: monotonic for elapsed time, wall for jumps and suspends.
public struct ClockReading: Sendable, Equatable {
    /// Seconds on a clock that never jumps (and stops while the machine is suspended).
    public var monotonic: Double
    /// The wall clock (jumps when the clock is set, keeps going while suspended).
    public var wall: Instant

    public init(monotonic: Double, wall: Instant) {
        self.monotonic = monotonic
        self.wall = wall
    }
}

extension ClockReading {
    /// The machine's clocks: `CLOCK_MONOTONIC` (stops during suspend) and `CLOCK_REALTIME`.
    @Sendable public static func system() -> ClockReading {
        ClockReading(monotonic: seconds(CLOCK_MONOTONIC), wall: Instant(unixSeconds: seconds(CLOCK_REALTIME)))
    }

    private static func seconds(_ clock: clockid_t) -> Double {
        var time = timespec()
        clock_gettime(clock, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
