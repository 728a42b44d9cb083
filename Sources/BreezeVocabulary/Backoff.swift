/// Exponential backoff with jitter, in seconds: the one formula behind Open-Meteo's retries
/// (`RetryPolicy`) and the outbox's (`DeliverySchedule`). Pure: the random number is passed in.
public struct Backoff: Sendable, Equatable {
    /// The step after the first failure.
    public var initial: Double
    /// Each further failure multiplies the step by this.
    public var multiplier: Double
    /// The longest step.
    public var maximum: Double
    /// The share of a step jitter may take off: 0.5 waits between half and all of it.
    public var jitter: Double

    /// Taken as given: a caller with limits of its own (`DeliverySchedule`) applies them first.
    public init(initial: Double, multiplier: Double, maximum: Double, jitter: Double) {
        self.initial = initial
        self.multiplier = multiplier
        self.maximum = maximum
        self.jitter = jitter
    }

    /// The step after `failures` failed attempts (1 for the first), without jitter:
    /// `initial × multiplier^(failures−1)`, at most `maximum`.
    public func step(afterFailures failures: Int) -> Double {
        var delay = initial
        var count = 1
        // Stops at the cap: ten thousand failures never overflow to infinity.
        while count < failures, delay < maximum {
            delay *= multiplier
            count += 1
        }
        return min(delay, maximum)
    }

    /// The step after `failures` failed attempts less up to `jitter` of it (`randomUnit` in
    /// 0…1, clamped). A server's own minimum (`Retry-After`) is the caller's to apply.
    public func delay(afterFailures failures: Int, randomUnit: Double) -> Double {
        step(afterFailures: failures) * (1 - jitter * min(1, max(0, randomUnit)))
    }
}
