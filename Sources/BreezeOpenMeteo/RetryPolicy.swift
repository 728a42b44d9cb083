import BreezeVocabulary
import Foundation

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
    /// less up to `jitter` of it.
    public func delay(afterAttempt attempt: Int, retryAfter: Duration?, random: Double) -> Duration {
        let exponential = initialDelay * pow(multiplier, Double(max(0, attempt - 1)))
        let capped = min(exponential, maximumDelay)
        let jittered = capped * (1 - jitter * min(max(random, 0), 1))
        guard let retryAfter else { return jittered }
        return max(retryAfter, jittered)
    }

    private func pow(_ base: Double, _ exponent: Double) -> Double {
        var result = 1.0
        for _ in 0..<Int(exponent) { result *= base }
        return result
    }
}

/// The clocks, sleep and randomness retries depend on: real in production, fake in tests.
public struct RetryEnvironment: Sendable {
    public var now: @Sendable () -> ContinuousClock.Instant
    /// Blocks for a span: `BlockingSleep.wait` in production.
    public var sleep: @Sendable (Duration) -> Void
    /// A number in 0..<1.
    public var random: @Sendable () -> Double
    /// The wall clock in Unix seconds: a `Retry-After` date is counted from it.
    public var unixTime: @Sendable () -> Double

    public init(
        now: @escaping @Sendable () -> ContinuousClock.Instant,
        sleep: @escaping @Sendable (Duration) -> Void,
        random: @escaping @Sendable () -> Double,
        unixTime: @escaping @Sendable () -> Double
    ) {
        self.now = now
        self.sleep = sleep
        self.random = random
        self.unixTime = unixTime
    }

    /// The continuous clock, the one blocking sleep, the system's random numbers and the wall
    /// clock of the one clock (`ClockReading.system`).
    public static let live = RetryEnvironment(
        now: { ContinuousClock.now },
        sleep: BlockingSleep.wait,
        random: { Double.random(in: 0..<1) },
        unixTime: { ClockReading.system().wall.unixSeconds })
}
