import BreezeAlerts
import BreezeJSON
import BreezeModel

// A pollutant's row says the EPA category of its own sub-index, in the bands' words, and shows
// first the value that category comes from: the average the alerting AQI used for that
// pollutant when the event carries it (NowCast for PM, 8-hour for O₃ and CO, the hour for NO₂
// and SO₂), so the dominant pollutant's row agrees with the band, with the current hour's value
// after it when different. Without it (Open-Meteo's AQI, events from before, a test alert
// without state), the hour's value, rated on the same breakpoints.

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
        /// `NowCast`, `8-hour`; nil when the hour's own value was rated.
        var methodLabel: String?

        /// `Unhealthy for Sensitive Groups`, `Good`, `not rated`.
        var verdict: String { rating?.label ?? "not rated" }

        /// `20.9 µg/m³ NowCast — Moderate (this hour 5)`: the value rated and how it was
        /// averaged, its category, and the current hour's value when it differs; `5 µg/m³ —
        /// Good` when the hour itself was rated.
        var valueText: String {
            let method = methodLabel.map { " " + $0 } ?? ""
            let hour = ratedValue != value ? " (this hour \(AlertData.format(value)))" : ""
            return "\(AlertData.format(ratedValue)) \(AlertData.unit)\(method) — \(verdict)\(hour)"
        }

        /// `PM2.5: 20.9 µg/m³ NowCast — Moderate (this hour 5)`.
        var line: String { "\(pollutant.label): \(valueText)" }
    }

    /// The pollutants the event has values for, in the model's order.
    static func pollutantRows(_ event: AlertEvent) -> [PollutantRow] {
        Pollutant.allCases.compactMap { pollutant in
            guard let value = event.concentrations[pollutant] else { return nil }
            guard let rated = RatedConcentration(pollutant, average: event.averages?[pollutant], hour: value) else {
                return nil
            }
            return PollutantRow(
                pollutant: pollutant, value: value,
                rating: PollutantCategory(pollutant, microgramsPerCubicMetre: rated.value),
                ratedValue: rated.value, ratedOn: rated.ratedOn, methodLabel: rated.methodLabel)
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
}
