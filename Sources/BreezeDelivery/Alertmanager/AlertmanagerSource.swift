import BreezeAlerts
import BreezeJSON
import BreezeVocabulary

extension AlertmanagerFormat {
    /// A `[Sensor]`'s `source-stale` event as its own alert, `alertname="SensorStale"`,
    /// identified by `city` and `sensor` (the section's name; `severity` `info`: the alerts go
    /// on, from the model), so each sensor of a city is one alert and its return ends it
    /// (`endsAt` = when the event was made). A firing lasts `exposureLifetime` without news,
    /// as pollen and UV. Annotations: `summary`, `description` (the tips), `event_id`,
    /// `sensor_label`, `sensor_kind`, `last_valid_at` (RFC 3339, when it gave one) and `reason`.
    static func sourceAlert(_ event: AlertEvent, source: SourceStaleDetails, zone: String?, now: Instant) -> JSONValue {
        let resolved = event.kind == .resolved
        var annotations: [String: JSONValue] = [
            "summary": .string(AlertText(event, now: event.createdAt, receiverTimeZone: zone).sentence),
            "description": .string(event.tips.joined(separator: " ")),
            "event_id": .string(event.id),
            "sensor_label": .string(source.label),
            "sensor_kind": .string(source.kind.rawValue),
        ]
        if let last = source.lastValidAt { annotations["last_valid_at"] = .string(TimeText.rfc3339(last)) }
        if let reason = source.reason { annotations["reason"] = .string(reason) }
        let startsAt = resolved ? (event.unannounced.map { min($0.startedAt, event.createdAt) } ?? event.createdAt) : event.createdAt
        return .object([
            "labels": .object([
                "alertname": .string("SensorStale"),
                "city": .string(event.city.name),
                "sensor": .string(source.sensor),
                "severity": .string("info"),
            ]),
            "annotations": .object(annotations),
            "startsAt": .string(TimeText.rfc3339(startsAt)),
            "endsAt": .string(TimeText.rfc3339(resolved ? event.createdAt : now + exposureLifetime)),
        ])
    }
}
