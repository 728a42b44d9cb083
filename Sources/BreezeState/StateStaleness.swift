import BreezeModel
import BreezeVocabulary

extension DaemonState {
    /// The interval the daemon last polled at, else `configured` (seconds).
    public func interval(configured: Double) -> Double { pollInterval?.seconds ?? configured }

    /// Whether the daemon's last completed cycle is older than three intervals (`interval`),
    /// missing, or in the future beyond `ClockSkew.tolerance` (written while the clock ran
    /// ahead: it proves nothing about the daemon now). `breezectl status` and the status page
    /// judge by it.
    public func isStale(now: Instant, configuredInterval: Double) -> Bool {
        guard let last = lastCycleCompletedAt, ClockSkew.clamp(last, now: now) == last else { return true }
        return now.unixSeconds - last.unixSeconds > 3 * interval(configured: configuredInterval)
    }
}
