import BreezeAlerts
import BreezeJSON
import BreezeVocabulary

extension AlertmanagerFormat {
    /// A forecast as its own alert, `alertname="AirQualityForecast"`, identified by `city` and
    /// `day` only, so an update (a band worse) replaces the day's alert rather than adding one
    /// and a `forecastCleared` resolves it (`endsAt` = when it was made). A forecast lasts until
    /// the end of its day (a day and a half after it was made without the day's end): nothing
    /// re-sends it, and the day it warns of is over then. The band, severity, peak AQI and the
    /// hours above the threshold are annotations.
    static func forecastAlert(_ event: AlertEvent, zone: String?, now: Instant) -> JSONValue {
        let cleared = event.kind == .forecastCleared
        let ends = cleared
            ? event.createdAt : (event.forecast?.dayEndsAt ?? now + .seconds(36 * 3600))
        var annotations: [String: JSONValue] = [
            "summary": .string(AlertText(event, now: event.createdAt, receiverTimeZone: zone).sentence),
            "description": .string(event.tips.joined(separator: " ")),
            "event_id": .string(event.id),
            "band": .string(event.band?.slug ?? "unknown"),
            "severity": .string(severity(event.band)),
        ]
        if let aqi = event.aqi { annotations["aqi"] = .string(String(aqi)) }
        if let forecast = event.forecast {
            annotations["hours_above_threshold"] = .string(String(forecast.hoursAboveThreshold))
            annotations["threshold"] = .string(String(forecast.threshold))
        }
        if let dominant = event.dominantPollutant { annotations["dominant_pollutant"] = .string(dominant.rawValue) }
        return .object([
            "labels": .object([
                "alertname": .string("AirQualityForecast"),
                "city": .string(event.city.name),
                "day": .string(event.forecast?.day ?? "unknown"),
            ]),
            "annotations": .object(annotations),
            "startsAt": .string(TimeText.rfc3339(event.createdAt)),
            "endsAt": .string(TimeText.rfc3339(max(ends, event.createdAt))),
        ])
    }
}
