import BreezeOpenMeteo
import Synchronization

/// A clock that moves only when slept on: retries run instantly and their waits are recorded.
final class ManualClock: Sendable {
    let start = ContinuousClock.now
    private let state = Mutex<(elapsed: Duration, sleeps: [Duration])>((.zero, []))
    let randomValue: Double

    /// The wall clock's reading at `start`: 2026-10-21 07:28:00 UTC.
    static let unixStart = 1_792_567_680.0

    init(random: Double = 0) {
        randomValue = random
    }

    var now: ContinuousClock.Instant { start + state.withLock { $0.elapsed } }
    /// Every wait asked for, in order.
    var sleeps: [Duration] { state.withLock { $0.sleeps } }

    func advance(by duration: Duration) { state.withLock { $0.elapsed += duration } }

    /// A deadline `duration` from now.
    func deadline(in duration: Duration) -> ContinuousClock.Instant { now + duration }

    var environment: RetryEnvironment {
        RetryEnvironment(
            now: { self.now },
            sleep: { duration in
                self.state.withLock { state in
                    state.sleeps.append(duration)
                    state.elapsed += duration
                }
            },
            random: { self.randomValue },
            unixTime: { Self.unixStart + Double((self.now - self.start).components.seconds) })
    }
}
