import BreezeVocabulary

/// When the next poll is due: every `interval` ± `jitter`, never overlapping, with one
/// catch-up poll (not a burst) after a suspend or a forward clock jump. After a failed cycle
/// (the network down at boot) the next comes sooner: `firstRetry`, doubling with each
/// failure in a row, until it reaches `interval`.
public struct PollSchedule: Sendable, Equatable {
    public var interval: Duration
    public var jitter: Duration
    /// From a failed cycle to the retry after it, before doubling. Default 30 s.
    public var firstRetry: Duration
    /// Failed cycles in a row since the last one that succeeded.
    public private(set) var failuresInARow = 0
    /// Whether a poll was asked for (SIGUSR1) and has not run yet: a reload keeps it due.
    public private(set) var pollRequested = false
    /// The longest the timer sleeps before looking at the clocks again, so a suspend or a
    /// clock jump is noticed within this span.
    public var checkEvery: Duration
    /// The readings when the next poll becomes due.
    private(set) var dueMonotonic: Double
    private(set) var dueWall: Instant

    /// A schedule whose first poll is due at once (`start`).
    public init(
        interval: Duration, jitter: Duration, start: ClockReading, checkEvery: Duration = .seconds(60),
        firstRetry: Duration = .seconds(30)
    ) {
        self.interval = interval
        self.jitter = Self.clamped(jitter, interval: interval)
        self.checkEvery = checkEvery
        self.firstRetry = max(.seconds(1), firstRetry)
        dueMonotonic = start.monotonic
        dueWall = start.wall
    }

    /// Whether a poll is due at `now`: by the monotonic clock, or by the wall clock when it ran
    /// ahead (the machine was suspended, or the clock was set forward).
    public func isDue(at now: ClockReading) -> Bool {
        now.monotonic >= dueMonotonic || now.wall >= dueWall
    }

    /// How long to sleep before looking again.
    public func delay(at now: ClockReading) -> Duration {
        let untilDue = min(dueMonotonic - now.monotonic, (dueWall - now.wall).seconds)
        return Duration(seconds: max(0, min(untilDue, checkEvery.seconds)))
    }

    /// Records that a cycle completed at `now`: the next is due one interval later, moved by
    /// `randomUnit` (in 0…1) within ± jitter. Anything missed meanwhile is not made up.
    public mutating func cycleCompleted(at now: ClockReading, randomUnit: Double) {
        failuresInARow = 0
        pollRequested = false
        makeNextDue(after: now, randomUnit: randomUnit)
    }

    /// Records that a cycle failed at `now` (no city got data): the next is due after
    /// `retryDelay`, or one interval later (as after a success) once that reaches the interval.
    public mutating func cycleFailed(at now: ClockReading, randomUnit: Double) {
        failuresInARow += 1
        pollRequested = false
        makeNextDue(after: now, randomUnit: randomUnit)
    }

    private mutating func makeNextDue(after now: ClockReading, randomUnit: Double) {
        let retry = retryDelay
        let offset = failuresInARow > 0 && retry < interval
            ? retry.seconds : interval.seconds + jitter.seconds * (2 * min(max(randomUnit, 0), 1) - 1)
        dueMonotonic = now.monotonic + offset
        dueWall = Instant(unixSeconds: now.wall.unixSeconds + offset)
    }

    /// From the last failed cycle to the next: `firstRetry` doubled once per further failure
    /// in a row, at most `interval`.
    public var retryDelay: Duration {
        var delay = firstRetry
        var count = 1
        while count < failuresInARow, delay < interval {
            delay *= 2
            count += 1
        }
        return min(delay, interval)
    }

    /// Makes the next poll due at once (SIGUSR1).
    public mutating func pollNow(at now: ClockReading) {
        pollRequested = true
        dueMonotonic = now.monotonic
        dueWall = now.wall
    }

    /// Changes interval and jitter (a reload), keeping the time of the last cycle and the
    /// failures in a row. The next poll moves only when they changed, and never away from a
    /// poll asked for and not yet run: a SIGHUP right after SIGUSR1 must not drop the poll.
    public mutating func reschedule(interval: Duration, jitter: Duration, lastCompletion: ClockReading?) {
        let jitter = Self.clamped(jitter, interval: interval)
        guard interval != self.interval || jitter != self.jitter else { return }
        self.interval = interval
        self.jitter = jitter
        if let lastCompletion, !pollRequested { makeNextDue(after: lastCompletion, randomUnit: 0.5) }
    }

    /// When the next poll is due by the wall clock, for status lines.
    public var nextPollWall: Instant { dueWall }

    /// At most half the interval, never negative.
    private static func clamped(_ jitter: Duration, interval: Duration) -> Duration {
        min(max(.zero, jitter), interval / 2)
    }
}
