import BreezeAlerts
import BreezeJSON
import BreezeModel
import BreezeVocabulary

/// The parts of an event every format shows, in one place so the formats agree.
enum AlertData {
    /// The Standard Webhooks `data` object: id, event, city, aqi, aqiSource, openMeteoAQI (null
    /// when not known), sensor (`{label, modelAQI, modelSource}` when a sensor rated `aqi`, else
    /// null), indoorAQI (the city's indoor sensors' AQI, else null), band, previousBand,
    /// dominantPollutant, pollutants, pollutantsOverLimit, observedAt, createdAt, message, tips,
    /// unannounced. Made from the event alone (`message` without a late note), so every attempt
    /// sends the same bytes.
    static func object(_ event: AlertEvent, timeZone: String?) -> JSONValue {
        if let digest = event.digest { return DigestData.object(digest, event: event) }
        guard case .object(var members) = common(event, timeZone: timeZone) else { return .null }
        if let forecast = event.forecast { members["forecast"] = Self.forecast(forecast) }
        ExposureText.addData(event, to: &members)

        if event.kind == .test { members["exampleReading"] = .bool(event.exampleReading == true) }
        return .object(members)
    }

    /// A forecast event's `{day, hoursAboveThreshold, threshold, dominant}`.
    static func forecast(_ forecast: ForecastDetails) -> JSONValue {
        .object([
            "day": .string(forecast.day),
            "hoursAboveThreshold": .integer(forecast.hoursAboveThreshold),
            "threshold": .integer(forecast.threshold),
            "dominant": .optional(forecast.dominant?.rawValue),
        ])
    }

    private static func common(_ event: AlertEvent, timeZone: String?) -> JSONValue {
        .object([
            "id": .string(event.id),
            "event": .string(event.kind.rawValue),
            "city": city(event.city),
            "aqi": event.aqi.map(JSONValue.integer) ?? .null,
            "aqiSource": .optional(event.aqiSource?.rawValue),
            "openMeteoAQI": event.openMeteoAQI.map(JSONValue.integer) ?? .null,
            "sensor": sensor(event),
            "indoorAQI": event.indoorAQI.map(JSONValue.integer) ?? .null,
            "band": band(event.band),
            "previousBand": band(event.previousBand),
            "dominantPollutant": .optional(event.dominantPollutant?.rawValue),
            "pollutants": pollutants(event),
            "pollutantsOverLimit": .array(event.pollutantsOverLimit.map { .string($0.rawValue) }),
            "observedAt": .string(Timestamp.observation(event.observedAt)),
            "createdAt": .string(TimeText.rfc3339(event.createdAt)),
            "message": .string(AlertText(event, now: event.createdAt, receiverTimeZone: timeZone).sentence),
            "tips": .array(event.tips.map(JSONValue.string)),
            "unannounced": unannounced(event),
        ])
    }

    /// `{label, modelAQI, modelSource}`: which sensor rated the event's AQI and the model's
    /// value beside it (`modelAQI` null when the model had none); null when no sensor did.
    static func sensor(_ event: AlertEvent) -> JSONValue {
        guard event.aqiSource == .sensor, let sensor = event.sensor else { return .null }
        return .object([
            "label": .string(sensor.label), "modelAQI": sensor.modelAQI.map(JSONValue.integer) ?? .null,
            "modelSource": .string(sensor.modelSource.rawValue),
        ])
    }

    /// `{name, displayName, country, region, timeZone, latitude, longitude}`; what is not
    /// configured is null.
    static func city(_ city: City) -> JSONValue {
        .object([
            "name": .string(city.name),
            "displayName": .string(city.displayName),
            "country": .optional(city.country.flatMap { $0.isEmpty ? nil : $0 }),
            "region": .optional(city.admin1.flatMap { $0.isEmpty ? nil : $0 }),
            "timeZone": .optional(city.timeZone.flatMap { $0.isEmpty ? nil : $0 }),
            "latitude": .number(city.latitude),
            "longitude": .number(city.longitude),
        ])
    }

    /// For a `resolved` standing for an episode the receiver never heard of:
    /// `{startedAt, endedAt, band}` (RFC 3339 UTC); else null.
    static func unannounced(_ event: AlertEvent) -> JSONValue {
        guard event.kind == .resolved, let episode = event.unannounced else { return .null }
        return .object([
            "startedAt": .string(TimeText.rfc3339(episode.startedAt)),
            "endedAt": .string(TimeText.rfc3339(event.createdAt)),
            "band": band(episode.band),
        ])
    }

    /// `{slug, label, emoji, color}`, or null without a band.
    static func band(_ band: Band?) -> JSONValue {
        guard let band else { return .null }
        return .object([
            "slug": .string(band.slug), "label": .string(band.label),
            "emoji": .string(band.emoji), "color": .string(band.colourHex),
        ])
    }

    static let unit = "µg/m³"

    /// A concentration for people: at most one decimal, none when whole (`93`, `6.1`).
    static func format(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        guard tenths.isFinite, abs(tenths) < 1e15 else { return "\(value)" }
        let whole = Int(tenths) / 10
        let fraction = abs(Int(tenths) % 10)
        let sign = tenths < 0 && whole == 0 ? "-" : ""
        return fraction == 0 ? "\(sign)\(whole)" : "\(sign)\(whole).\(fraction)"
    }

}
