import BreezeVocabulary

/// How far ahead of the clock a stored time may be before it is taken for a clock that ran
/// ahead when it was written: beyond it, the time counts as "now", so an entry written then
/// is not held for a year, reminders keep coming and a dead daemon does not look healthy.
public enum ClockSkew {
    /// Five minutes: more than NTP ever corrects in one step on a healthy host.
    public static let tolerance = Duration.seconds(300)
    // Converted once: `clamp` runs for several times of every city at every start and cycle,
    // and each `Instant + Duration` splits the Duration into its components again.
    private static let toleranceSeconds = tolerance.seconds

    /// `time`, or `now` when `time` lies more than `tolerance` after `now` (or is not a number).
    public static func clamp(_ time: Instant, now: Instant) -> Instant {
        time.unixSeconds.isFinite && time <= Instant(unixSeconds: now.unixSeconds + toleranceSeconds) ? time : now
    }

    /// `clamp` over an optional time.
    public static func clamp(_ time: Instant?, now: Instant) -> Instant? {
        time.map { clamp($0, now: now) }
    }
}
