import BreezeAlerts

extension DaemonState {
    /// The state cut to what a status shows (`breezectl status`, `--json`): per city its
    /// `city`, the shown AQI (`alerting` without its averages, `lastReading` only where there
    /// is no `alerting`: `ShownAQI`), `band`, `bandSince`, `lastPollAt`, `lastError`, its
    /// sensors (`ground`: their lines and `sensors`), and of
    /// `alert` and `sensitiveAlert` whether they fire; the cycle times and the interval.
    /// The control socket's `status` answer carries it: the whole state of 100,000 cities is
    /// some 76 MB, this a third of that, and it reads as a state (what an older breezectl
    /// expects).
    public var statusExcerpt: DaemonState {
        var excerpt = DaemonState()
        excerpt.version = version
        excerpt.lastCycleCompletedAt = lastCycleCompletedAt
        excerpt.lastCycleStartedAt = lastCycleStartedAt
        excerpt.pollInterval = pollInterval
        excerpt.processID = processID
        excerpt.cities.reserveCapacity(cities.count)
        for (name, record) in cities { excerpt.cities[name] = record.statusExcerpt }
        return excerpt
    }
}

extension CityRecord {
    /// This record cut to what a status shows (`DaemonState.statusExcerpt`).
    public var statusExcerpt: CityRecord {
        var excerpt = CityRecord(city: city)
        excerpt.alerting = alerting
        excerpt.alerting?.averages = [:]
        if alerting == nil { excerpt.lastReading = lastReading }
        excerpt.band = band
        excerpt.bandSince = bandSince
        excerpt.lastPollAt = lastPollAt
        excerpt.lastError = lastError
        excerpt.ground = ground
        excerpt.alert.firing = alert.firing
        if let sensitive = sensitiveAlert {
            var firing = CityAlertState()
            firing.firing = sensitive.firing
            excerpt.sensitiveAlert = firing
        }
        return excerpt
    }
}
