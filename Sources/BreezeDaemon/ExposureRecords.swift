import BreezeAlerts
import BreezeModel
import BreezeSystem

/// The journal records of the pollen and UV alerts: their events, each kind with its own
/// `MESSAGE_ID`, and the one notice that a city with `PollenThreshold=` gets no pollen data.
enum ExposureRecords {
    /// A pollen or UV event (firing and escalated warnings, resolved a notice), with
    /// `BREEZE_SUBJECT` and the `BREEZE_POLLEN_*` or `BREEZE_UV_*` fields.
    static func alert(_ event: AlertEvent) -> LogRecord {
        let uv = event.about == .uv
        let kind: DaemonEvent
        let priority: LogPriority
        switch event.kind {
        case .escalated: (kind, priority) = (uv ? .uvEscalated : .pollenEscalated, .warning)
        case .resolved: (kind, priority) = (uv ? .uvResolved : .pollenResolved, .notice)
        default: (kind, priority) = (uv ? .uvFiring : .pollenFiring, .warning)
        }
        var fields = DaemonRecords.cityFields(event.city) + [
            ("BREEZE_EVENT", kind.rawValue), ("BREEZE_SUBJECT", event.about.rawValue), ("BREEZE_ALERT_ID", event.id),
        ]
        if let pollen = event.pollen {
            fields.append(("BREEZE_POLLEN_LEVEL", pollen.level.slug))
            if let type = pollen.type {
                fields.append(("BREEZE_POLLEN_TYPE", type.rawValue))
                if let count = pollen.counts[type] { fields.append(("BREEZE_POLLEN_COUNT", String(count))) }
            }
            fields.append(("BREEZE_POLLEN_THRESHOLD", pollen.threshold.slug))
        }
        if let uv = event.uv {
            fields += [
                ("BREEZE_UV_INDEX", String(uv.index)), ("BREEZE_UV_BAND", uv.band.slug),
                ("BREEZE_UV_THRESHOLD", String(uv.threshold)),
            ]
        }
        return DaemonRecords.record(priority, kind, event.message, fields)
    }

    /// `Tokyo: no pollen data (PollenThreshold=high cannot fire: …)` (notice), logged once per
    /// city until pollen comes.
    static func noPollen(city: City, threshold: PollenLevel) -> LogRecord {
        let place = PollenCoverage.covers(latitude: city.latitude, longitude: city.longitude)
            ? "out of season, or the model has none here yet"
            : "outside Open-Meteo's pollen coverage, \(PollenCoverage.description)"
        return DaemonRecords.record(
            .notice, .pollenNoData,
            "\(city.name): no pollen data (\(place)); PollenThreshold=\(threshold.slug) cannot fire until some comes",
            DaemonRecords.cityFields(city) + [
                ("BREEZE_EVENT", DaemonEvent.pollenNoData.rawValue), ("BREEZE_SUBJECT", AlertSubject.pollen.rawValue),
            ])
    }
}
