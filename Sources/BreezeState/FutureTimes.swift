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
            let bandSince = ClockSkew.clamp(record.bandSince, now: now)
            let lastPollAt = ClockSkew.clamp(record.lastPollAt, now: now)
            let lastNotifiedAt = ClockSkew.clamp(record.alert.lastNotifiedAt, now: now)
            let lastSuccessfulPollAt = ClockSkew.clamp(record.lastSuccessfulPollAt, now: now)
            // Not `episodeStartedAt`: an observation time, part of the episode's ids, not a
            // time the daemon waits for. Only these four change, so only they are compared
            // (not the whole record, for each of thousands of cities at every start).
            guard bandSince != record.bandSince || lastPollAt != record.lastPollAt
                || lastNotifiedAt != record.alert.lastNotifiedAt || lastSuccessfulPollAt != record.lastSuccessfulPollAt
            else { continue }
            var clamped = record
            clamped.bandSince = bandSince
            clamped.lastPollAt = lastPollAt
            clamped.alert.lastNotifiedAt = lastNotifiedAt
            clamped.lastSuccessfulPollAt = lastSuccessfulPollAt
            state.cities[name] = clamped
        }
        return state
    }

}
