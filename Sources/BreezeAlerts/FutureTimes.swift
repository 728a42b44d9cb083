import BreezeModel

extension DaemonState {
    /// The state with every time that lies beyond `ClockSkew.tolerance` after `now` (written
    /// while the clock ran ahead) set to `now`: otherwise reminders would wait for that
    /// future and a dead daemon's last cycle would look recent.
    public func clampingFutureTimes(now: Double) -> DaemonState {
        var state = self
        state.lastCycleCompletedAt = ClockSkew.clamp(lastCycleCompletedAt, now: now)
        for (name, record) in cities {
            var record = record
            record.bandSince = ClockSkew.clamp(record.bandSince, now: now)
            record.lastPollAt = ClockSkew.clamp(record.lastPollAt, now: now)
            record.alert.lastNotifiedAt = ClockSkew.clamp(record.alert.lastNotifiedAt, now: now)
            record.alert.episodeStartedAt = ClockSkew.clamp(record.alert.episodeStartedAt, now: now)
            if record != cities[name] { state.cities[name] = record }
        }
        return state
    }
}
