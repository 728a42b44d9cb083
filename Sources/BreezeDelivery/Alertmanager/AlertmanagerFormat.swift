import BreezeAlerts
import BreezeHTTP
import BreezeJSON
import BreezeModel
import BreezeVocabulary

/// `Format=alertmanager`: alerts POSTed to a Prometheus Alertmanager's `/api/v2/alerts`.
///
/// Identity. Alertmanager identifies an alert by its whole label set, and the labels are
/// `alertname="AirQuality"`, `city`, `band` and `severity` (so routes can match on severity).
/// `band` is always the band the alert *announced* (the state machine's notified band): the
/// firing band, the band escalated to, and for reminders and resolves the announced band the
/// event carries as `previousBand`. So re-sends of one alert keep the same labels, and two
/// Breeze instances announcing the same alert produce the same fingerprint. On escalation the
/// band label changes, which to Alertmanager is a new alert: the same request therefore also
/// resolves the previous band's alert (its `endsAt` is now), so the old one does not linger.
///
/// Lifetime. A firing alert carries `endsAt` = now + the firing lifetime (four poll intervals,
/// as Prometheus sets four evaluation intervals) and the daemon re-sends it each cycle while
/// firing (`refreshesWhileFiring`), so Alertmanager's `resolve_timeout` never expires it
/// early and a stopped Breeze lets it end on its own. A resolve (and the previous band's alert
/// on escalation) ends when the event was made, however late it is delivered; a resolve
/// standing for an episode Alertmanager never heard of starts when the episode did, so it
/// arrives already over and never fires. A `test` event is `alertname="AirQualityTest"`, never
/// the real alert, and ends after five minutes.
///
/// Annotations: `summary` (the city with its region and country), `description` (the tips),
/// `event_id`, `observed_at` (RFC 3339 UTC), `aqi`, and `aqi_source`, `open_meteo_aqi`, `country`, `region` when known;
/// for an AQI a sensor rated, `sensor` (its label), `model_aqi` and `model_source` (the model's value beside);
/// `indoor_aqi` for a city with an indoor sensor. A stale sensor's event is an alert of its own (`sourceAlert`).
enum AlertmanagerFormat: WebhookPayloadFormat {
    static let path = "/api/v2/alerts"
    static let testLifetime = Duration.seconds(300)

    static func request(for event: AlertEvent, context: FormatContext) -> HTTPRequest {
        let now = max(context.now, event.createdAt)
        let lifetime = max(context.firingLifetime, .seconds(60))
        if event.about == .source, let source = event.sourceStatus {
            return post([sourceAlert(event, source: source, zone: context.timeZone, now: now)], to: context.url)
        }
        if event.about != .aqi { return post([exposureAlert(event, zone: context.timeZone, now: now)], to: context.url) }
        var alerts: [JSONValue] = []
        switch event.kind {
        case .firing:
            alerts = [alert(event, zone: context.timeZone, band: event.band, endsAt: now + lifetime)]
        case .escalated:
            if let previous = event.previousBand, previous != event.band {
                alerts.append(alert(event, zone: context.timeZone, band: previous, endsAt: event.createdAt))
            }
            alerts.append(alert(event, zone: context.timeZone, band: event.band, endsAt: now + lifetime))
        case .reminder:
            alerts = [
                alert(event, zone: context.timeZone, band: event.previousBand ?? event.band, endsAt: now + lifetime)
            ]
        case .resolved:
            let startsAt = (event.unannounced.map { min($0.startedAt, event.createdAt) } ?? event.createdAt)
            alerts = [
                alert(
                    event, zone: context.timeZone, band: event.previousBand ?? event.band, startsAt: startsAt,
                    endsAt: event.createdAt)
            ]
        case .test:
            alerts = [
                alert(event, zone: context.timeZone, band: event.band, endsAt: now + testLifetime, name: "AirQualityTest")
            ]
        case .forecast, .forecastCleared:
            alerts = [forecastAlert(event, zone: context.timeZone, now: now)]
        case .digest:
            // Alertmanager receivers are never routed a digest: it is not an alert.
            alerts = []
        }
        return .post(alertsURL(context.url), body: JSONValue.array(alerts).bytes, contentType: "application/json")
    }

    /// `url` with `/api/v2/alerts` appended, unless it already ends with it.
    static func alertsURL(_ url: String) -> String {
        var base = url
        while base.hasSuffix("/") { base.removeLast() }
        return base.hasSuffix(path) ? base : base + path
    }

    /// `info` up to Slightly High, `warning` for Unhealthy for Sensitive Groups and Unhealthy,
    /// `critical` for Very Unhealthy and Hazardous (the bands quiet hours never hold).
    static func severity(_ band: Band?) -> String {
        guard let band else { return "warning" }
        if band >= .veryUnhealthy { return "critical" }
        return band >= .unhealthyForSensitiveGroups ? "warning" : "info"
    }

    private static func alert(
        _ event: AlertEvent, zone: String?, band: Band?, startsAt: Instant? = nil, endsAt: Instant,
        name: String = "AirQuality"
    ) -> JSONValue {
        var annotations: [String: JSONValue] = [
            "summary": .string(AlertText(event, now: event.createdAt, receiverTimeZone: zone).sentence),
            "description": .string(event.tips.joined(separator: " ")),
            "event_id": .string(event.id),
            "observed_at": .string(Timestamp.observation(event.observedAt)),
        ]
        if let aqi = event.aqi { annotations["aqi"] = .string(String(aqi)) }
        if let source = event.aqiSource { annotations["aqi_source"] = .string(source.rawValue) }
        if let openMeteo = event.openMeteoAQI { annotations["open_meteo_aqi"] = .string(String(openMeteo)) }
        if event.aqiSource == .sensor, let sensor = event.sensor {
            annotations["sensor"] = .string(sensor.label)
            annotations["model_source"] = .string(sensor.modelSource.rawValue)
            if let model = sensor.modelAQI { annotations["model_aqi"] = .string(String(model)) }
        }
        if let indoor = event.indoorAQI { annotations["indoor_aqi"] = .string(String(indoor)) }
        if let country = event.city.country, !country.isEmpty { annotations["country"] = .string(country) }
        if let region = event.city.admin1, !region.isEmpty { annotations["region"] = .string(region) }
        return .object([
            "labels": .object([
                "alertname": .string(name),
                "city": .string(event.city.name),
                "band": .string(band?.slug ?? "unknown"),
                "severity": .string(severity(band)),
            ]),
            "annotations": .object(annotations),
            "startsAt": .string(TimeText.rfc3339(startsAt ?? event.createdAt)),
            "endsAt": .string(TimeText.rfc3339(endsAt)),
        ])
    }
}
