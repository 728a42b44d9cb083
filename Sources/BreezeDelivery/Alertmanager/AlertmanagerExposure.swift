import BreezeAlerts
import BreezeHTTP
import BreezeJSON
import BreezeVocabulary

extension AlertmanagerFormat {
    /// How long a pollen or UV alert lasts in Alertmanager without news: nothing re-sends it
    /// (readings come every 3 hours, and only a change makes an event), so a day, the span
    /// the day's UV maximum and the daily pollen forecast speak for.
    static let exposureLifetime = Duration.seconds(24 * 3600)

    /// `alerts` POSTed to the receiver's `/api/v2/alerts`.
    static func post(_ alerts: [JSONValue], to url: String) -> HTTPRequest {
        .post(alertsURL(url), body: JSONValue.array(alerts).bytes, contentType: "application/json")
    }

    /// A pollen or UV event as its own alert, `alertname="Pollen"` or `"UVIndex"`, identified by
    /// `city` alone (with `severity` `warning`), so an escalation updates the one alert and a
    /// resolve ends it (`endsAt` = when it was made). Level, type, count, index and band are
    /// annotations.
    static func exposureAlert(_ event: AlertEvent, zone: String?, now: Instant) -> JSONValue {
        let resolved = event.kind == .resolved
        var annotations: [String: JSONValue] = [
            "summary": .string(AlertText(event, now: event.createdAt, receiverTimeZone: zone).sentence),
            "description": .string(event.tips.joined(separator: " ")),
            "event_id": .string(event.id),
            "observed_at": .string(Timestamp.observation(event.observedAt)),
        ]
        if let pollen = event.pollen {
            annotations["pollen_level"] = .string(pollen.level.slug)
            if let type = pollen.type { annotations["pollen_type"] = .string(type.rawValue) }
            if let count = pollen.type.flatMap({ pollen.counts[$0] }) { annotations["pollen_count"] = .string(PollenDetails.format(count)) }
        }
        if let uv = event.uv {
            annotations["uv_index"] = .string(AlertEvent.uvText(uv.index))
            annotations["uv_band"] = .string(uv.band.slug)
        }
        let startsAt = resolved ? (event.unannounced.map { min($0.startedAt, event.createdAt) } ?? event.createdAt) : event.createdAt
        return .object([
            "labels": .object([
                "alertname": .string(event.about == .uv ? "UVIndex" : "Pollen"),
                "city": .string(event.city.name),
                "severity": .string("warning"),
            ]),
            "annotations": .object(annotations),
            "startsAt": .string(TimeText.rfc3339(startsAt)),
            "endsAt": .string(TimeText.rfc3339(resolved ? event.createdAt : now + exposureLifetime)),
        ])
    }
}
