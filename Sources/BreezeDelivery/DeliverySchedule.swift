import BreezeVocabulary

/// When to try again after a failed attempt: exponential backoff with jitter, the
/// receiver's `Retry-After` as a minimum. Pure: the random number is passed in.
public struct DeliverySchedule: Sendable, Equatable {
    /// The delay after the first failure, before jitter, in seconds. Default 5.
    public var initialDelay: Double
    /// Each further failure multiplies the delay by this. Default 2.
    public var multiplier: Double
    /// The longest delay, in seconds. Default 600 (10 minutes).
    public var maximumDelay: Double
    /// The fraction of the delay jitter may take off, 0…1. Default 0.2: a delay lies in
    /// 80–100 % of its backoff step, so receivers that failed together do not retry together.
    public var jitter: Double

    /// The documented defaults: 5 s, ×2, at most 10 minutes, up to 20 % off.
    public init(initialDelay: Double = 5, multiplier: Double = 2, maximumDelay: Double = 600, jitter: Double = 0.2) {
        self.initialDelay = initialDelay
        self.multiplier = multiplier
        self.maximumDelay = max(maximumDelay, initialDelay)
        self.jitter = min(1, max(0, jitter))
    }

    /// The backoff step after `failures` failed attempts (1 for the first), without jitter.
    public func step(afterFailures failures: Int) -> Double {
        backoff.step(afterFailures: failures)
    }

    /// Seconds to wait after `failures` failed attempts: the step less up to `jitter` of it
    /// (`randomUnit` in 0…1), and never less than `retryAfter` (the receiver's wish).
    public func delay(afterFailures failures: Int, retryAfter: Double?, randomUnit: Double) -> Double {
        max(backoff.delay(afterFailures: failures, randomUnit: randomUnit), retryAfter ?? 0)
    }

    private var backoff: Backoff {
        Backoff(initial: initialDelay, multiplier: multiplier, maximum: maximumDelay, jitter: jitter)
    }
}
