import BreezeVocabulary
import FoundationEssentials

/// How transient failures are retried: exponential backoff with jitter, `Retry-After` honoured.
public struct RetryPolicy: Sendable, Equatable {
    /// Attempts in all, the first included.
    public var maximumAttempts: Int
    /// The delay before the first retry, before jitter.
    public var initialDelay: Duration
    /// Each retry waits this many times longer than the one before.
    public var multiplier: Double
    /// No computed delay exceeds this (a server's `Retry-After` may).
    public var maximumDelay: Duration
    /// The share of each delay that is random: 0.5 waits between half and all of it.
    public var jitter: Double

    public init(
        maximumAttempts: Int = 4, initialDelay: Duration = .seconds(2), multiplier: Double = 2,
        maximumDelay: Duration = .seconds(60), jitter: Double = 0.5
    ) {
        self.maximumAttempts = maximumAttempts
        self.initialDelay = initialDelay
        self.multiplier = multiplier
        self.maximumDelay = maximumDelay
        self.jitter = jitter
    }

    /// Open-Meteo's free tier runs one request at a time per IP: a few patient retries.
    public static let standard = RetryPolicy()

    /// The wait after failed attempt number `attempt` (1 for the first).
    ///
    /// `random` is in 0..<1. With `retryAfter`, the wait is at least that long, as the server
    /// asked; otherwise it is `initialDelay × multiplier^(attempt−1)`, capped at `maximumDelay`,
    /// less up to `jitter` of it (`Backoff`), to the nanosecond.
    public func delay(afterAttempt attempt: Int, retryAfter: Duration?, random: Double) -> Duration {
        let backoff = Backoff(
            initial: initialDelay.seconds, multiplier: multiplier, maximum: maximumDelay.seconds, jitter: jitter)
        let jittered = Duration(seconds: backoff.delay(afterFailures: attempt, randomUnit: random))
        guard let retryAfter else { return jittered }
        return max(retryAfter, jittered)
    }
}

/// The clock, sleep and randomness retries depend on: real in production, fake in tests.
public struct RetryEnvironment: Sendable {
    /// The one clock: deadlines are counted on its monotonic side, a `Retry-After` date from
    /// its wall side.
    public var clock: @Sendable () -> ClockReading
    /// Blocks for a span: `BlockingSleep.wait` in production.
    public var sleep: @Sendable (Duration) -> Void
    /// A number in 0..<1.
    public var random: @Sendable () -> Double

    public init(
        clock: @escaping @Sendable () -> ClockReading,
        sleep: @escaping @Sendable (Duration) -> Void = BlockingSleep.wait,
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
    ) {
        self.clock = clock
        self.sleep = sleep
        self.random = random
    }

    /// The machine's clock (`ClockReading.system`), the one blocking sleep and the system's
    /// random numbers.
    public static let live = RetryEnvironment(clock: ClockReading.system)
}
