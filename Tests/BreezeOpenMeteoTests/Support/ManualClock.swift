import BreezeOpenMeteo
import BreezeVocabulary
import Synchronization

/// A clock that moves only when slept on: retries run instantly and their waits are recorded.
final class ManualClock: Sendable {
    private let state = Mutex<(elapsed: Duration, sleeps: [Duration])>((.zero, []))
    let randomValue: Double

    /// The wall clock's reading at the start: 2026-10-21 07:28:00 UTC.
    static let unixStart = 1_792_567_680.0
    /// The monotonic clock's reading at the start.
    static let monotonicStart = 1_000.0

    init(random: Double = 0) {
        randomValue = random
    }

    /// The reading now: the wall clock moves in whole seconds, as `Retry-After` dates do.
    var now: ClockReading {
        let elapsed = state.withLock { $0.elapsed }
        return ClockReading(
            monotonic: Self.monotonicStart + elapsed.seconds,
            wall: Instant(unixSeconds: Self.unixStart + Double(elapsed.components.seconds)))
    }
    /// Every wait asked for, in order.
    var sleeps: [Duration] { state.withLock { $0.sleeps } }

    func advance(by duration: Duration) { state.withLock { $0.elapsed += duration } }

    /// A deadline `duration` from now.
    func deadline(in duration: Duration) -> Deadline { Deadline(after: duration, from: now) }

    var environment: RetryEnvironment {
        RetryEnvironment(
            clock: { self.now },
            sleep: { duration in
                self.state.withLock { state in
                    state.sleeps.append(duration)
                    state.elapsed += duration
                }
            },
            random: { self.randomValue })
    }
}
