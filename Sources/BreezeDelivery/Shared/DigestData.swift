import BreezeAlerts
import BreezeJSON
import BreezeModel
import BreezeVocabulary

/// A digest's Standard Webhooks `data` object (`type` `breeze.digest`): `{id, event, day,
/// receiver, title, message, allClear, createdAt, cities}`, each city `{city, aqi, band,
/// observedAt, forecast, openAlerts, pollen, uvMaximum, climate, threshold, needsAttention}` in
/// configuration order, numbers as numbers and what is unknown null. Every city is listed: a
/// program reads it, not a person.
enum DigestData {
    static func object(_ digest: DigestDetails, event: AlertEvent) -> JSONValue {
        let text = DigestText(digest)
        return .object([
            "id": .string(event.id),
            "event": .string(event.kind.rawValue),
            "day": .string(digest.day),
            "receiver": .string(digest.receiver),
            "title": .string(text.title),
            "message": .string(text.headline),
            "allClear": .bool(digest.allClear),
            "createdAt": .string(TimeText.rfc3339(event.createdAt)),
            "cities": .array(digest.cities.map(city)),
        ])
    }

    static func city(_ city: DigestCity) -> JSONValue {
        .object([
            "city": AlertData.city(city.city),
            "aqi": city.aqi.map(JSONValue.integer) ?? .null,
            "band": AlertData.band(city.band),
            "observedAt": .optional(city.observedAt),
            "forecast": forecast(city),
            "openAlerts": .array(city.openAlerts.map(JSONValue.string)),
            "pollen": city.pollen.map { levels in
                .object(Dictionary(uniqueKeysWithValues: levels.map { ($0.key.rawValue, JSONValue.string($0.value.slug)) }))
            } ?? .null,
            "uvMaximum": city.uvMaximum.flatMap { $0.isFinite ? JSONValue.number($0) : nil } ?? .null,
            "climate": .optional(city.climate),
            "threshold": city.threshold.map(JSONValue.integer) ?? .null,
            "needsAttention": .bool(city.needsAttention),
        ])
    }

    /// Today's forecast peak `{aqi, band, dominantPollutant, from, until}`, null without one.
    static func forecast(_ city: DigestCity) -> JSONValue {
        guard let peak = city.forecastPeakAQI else { return .null }
        return .object([
            "aqi": .integer(peak),
            "band": AlertData.band(city.forecastPeakBand),
            "dominantPollutant": .optional(city.forecastDominant?.rawValue),
            "from": .optional(city.forecastPeakFrom),
            "until": .optional(city.forecastPeakUntil),
        ])
    }
}
