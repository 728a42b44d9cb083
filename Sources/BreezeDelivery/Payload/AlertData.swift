import BreezeAlerts
import BreezeModel

/// The parts of an event every format shows, in one place so the formats agree.
enum AlertData {
    /// The Standard Webhooks `data` object: id, event, city, aqi, band, previousBand,
    /// dominantPollutant, pollutants, pollutantsOverLimit, observedAt, createdAt, message, tips.
    static func object(_ event: AlertEvent) -> JSONValue {
        .object([
            "id": .string(event.id),
            "event": .string(event.kind.rawValue),
            "city": .object([
                "name": .string(event.city.name),
                "latitude": .number(event.city.latitude),
                "longitude": .number(event.city.longitude),
            ]),
            "aqi": event.aqi.map(JSONValue.integer) ?? .null,
            "band": band(event.band),
            "previousBand": band(event.previousBand),
            "dominantPollutant": .optional(event.dominantPollutant?.rawValue),
            "pollutants": .object(
                Dictionary(uniqueKeysWithValues: pollutantRows(event).map { row in
                    (row.pollutant.rawValue, JSONValue.object([
                        "value": .number(row.value), "unit": .string(unit),
                        "status": .string(row.status.rawValue),
                    ]))
                })),
            "pollutantsOverLimit": .array(event.pollutantsOverLimit.map { .string($0.rawValue) }),
            "observedAt": .string(Timestamp.observation(event.observedAt)),
            "createdAt": .string(TimeText.rfc3339(event.createdAt)),
            "message": .string(event.message),
            "tips": .array(event.tips.map(JSONValue.string)),
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

    /// One reported pollutant: its concentration in µg/m³ and how that rates.
    struct PollutantRow {
        var pollutant: Pollutant
        var value: Double
        var status: PollutantStatus

        /// `PM2.5: 93 µg/m³ (unhealthy)`.
        var line: String { "\(pollutant.label): \(AlertData.format(value)) \(AlertData.unit) (\(status.rawValue))" }
    }

    /// The pollutants the event has values for, in the model's order.
    static func pollutantRows(_ event: AlertEvent) -> [PollutantRow] {
        Pollutant.allCases.compactMap { pollutant in
            guard let value = event.concentrations[pollutant] else { return nil }
            return PollutantRow(
                pollutant: pollutant, value: value,
                status: pollutant.status(microgramsPerCubicMetre: value))
        }
    }

    /// A concentration for people: at most one decimal, none when whole (`93`, `6.1`).
    static func format(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        guard tenths.isFinite, abs(tenths) < 1e15 else { return "\(value)" }
        let whole = Int(tenths) / 10
        let fraction = abs(Int(tenths) % 10)
        let sign = tenths < 0 && whole == 0 ? "-" : ""
        return fraction == 0 ? "\(sign)\(whole)" : "\(sign)\(whole).\(fraction)"
    }

    /// A short title: `Paris: Unhealthy 😨 (AQI 162)`, or `Paris: resolved …` and so on.
    static func title(_ event: AlertEvent) -> String {
        let level = event.band.map { "\($0.label) \($0.emoji)" } ?? "no AQI"
        let aqi = event.aqi.map { " (AQI \($0))" } ?? ""
        switch event.kind {
        case .firing: return "\(event.city.name): \(level)\(aqi)"
        case .escalated: return "\(event.city.name): worse, \(level)\(aqi)"
        case .reminder: return "\(event.city.name): still \(level)\(aqi)"
        case .resolved: return "\(event.city.name): back to \(level)\(aqi)"
        case .test: return "Breeze test alert: \(event.city.name), \(level)\(aqi)"
        }
    }
}
