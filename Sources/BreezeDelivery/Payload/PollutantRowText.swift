import BreezeAlerts
import BreezeJSON
import BreezeModel

// A pollutant's row says the EPA category of its own sub-index, in the bands' words. The
// concentration shown is the current hour's (as every message always showed it); the category
// is rated on the average the alerting AQI used for that pollutant when the event carries it
// (NowCast for PM, 8-hour for O₃ and CO, the hour for NO₂ and SO₂), so the dominant
// pollutant's row agrees with the band. Without it (Open-Meteo's AQI, events from before, a
// test alert without state), the hour's value is rated on the same breakpoints.

extension AlertData {
    /// One reported pollutant: its concentration in µg/m³ and the category it rates as.
    struct PollutantRow {
        var pollutant: Pollutant
        /// The current hour's concentration, µg/m³.
        var value: Double
        /// What `ratedValue` rates as; nil when it cannot be rated (negative, not a number).
        var rating: PollutantCategory?
        /// The concentration rated: the alerting average, else `value`.
        var ratedValue: Double
        /// How `ratedValue` was averaged: `nowcast`, `8-hour`, `1-hour`, or `hour` (the
        /// current hour's value on the pollutant's own breakpoints).
        var ratedOn: String

        /// `Unhealthy for Sensitive Groups (NowCast 41.2 µg/m³)`, `Good`, `not rated`: the
        /// average is named when the category was rated on one that is not the shown hour.
        var verdict: String {
            let category = rating?.label ?? "not rated"
            guard let method = Self.methodLabel(ratedOn), ratedValue != value else { return category }
            return "\(category) (\(method) \(AlertData.format(ratedValue)) \(AlertData.unit))"
        }

        /// `PM2.5: 37.6 µg/m³ — Unhealthy for Sensitive Groups`.
        var line: String { "\(pollutant.label): \(AlertData.format(value)) \(AlertData.unit) — \(verdict)" }

        private static func methodLabel(_ ratedOn: String) -> String? {
            switch ratedOn {
            case "nowcast": "NowCast"
            case "8-hour": "8-hour"
            case "1-hour": "1-hour"
            default: nil
            }
        }
    }

    /// The pollutants the event has values for, in the model's order.
    static func pollutantRows(_ event: AlertEvent) -> [PollutantRow] {
        Pollutant.allCases.compactMap { pollutant in
            guard let value = event.concentrations[pollutant] else { return nil }
            let average = event.averages?[pollutant].flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
            let rated = average ?? value
            return PollutantRow(
                pollutant: pollutant, value: value,
                rating: PollutantCategory(pollutant, microgramsPerCubicMetre: rated),
                ratedValue: rated, ratedOn: average == nil ? "hour" : averaging(pollutant))
        }
    }

    /// The `pollutants` object: per pollutant `{value, unit, status, category, subIndex,
    /// ratedOn, ratedValue}`; `status` is the category's band slug (`good` … `hazardous`, null
    /// when not rated) — once `good`, `moderate` or `unhealthy` on Breeze's own three levels.
    static func pollutants(_ event: AlertEvent) -> JSONValue {
        .object(
            Dictionary(uniqueKeysWithValues: pollutantRows(event).map { row in
                (row.pollutant.rawValue, JSONValue.object([
                    "value": .number(row.value), "unit": .string(unit),
                    "status": .optional(row.rating?.slug),
                    "category": .optional(row.rating?.label),
                    "subIndex": row.rating?.subIndex.map(JSONValue.integer) ?? .null,
                    "ratedOn": .string(row.ratedOn),
                    "ratedValue": .number(row.ratedValue),
                ]))
            }))
    }

    /// How the alerting AQI averages `pollutant` (`AlertingAQI.averages`).
    private static func averaging(_ pollutant: Pollutant) -> String {
        switch pollutant {
        case .pm2_5, .pm10: "nowcast"
        case .o3, .co: "8-hour"
        case .no2, .so2: "1-hour"
        }
    }
}
