import BreezeModel
import BreezeVocabulary

extension DaemonState {
    /// The state with every clock time that lies beyond `ClockSkew.tolerance` after `now`
    /// (written while the clock ran ahead) set to `now`: otherwise reminders would wait for that
    /// future and a dead daemon's last cycle would look recent.
    public func clampingFutureTimes(now: Instant) -> DaemonState {
        var state = self
        state.lastCycleCompletedAt = ClockSkew.clamp(lastCycleCompletedAt, now: now)
        for (name, record) in cities {
            var record = record
            record.bandSince = ClockSkew.clamp(record.bandSince, now: now)
            record.lastPollAt = ClockSkew.clamp(record.lastPollAt, now: now)
            record.alert.lastNotifiedAt = ClockSkew.clamp(record.alert.lastNotifiedAt, now: now)
            // Not `episodeStartedAt`: an observation time, part of the episode's ids, not a
            // time the daemon waits for.
            if record != cities[name] { state.cities[name] = record }
        }
        return state
    }

}
