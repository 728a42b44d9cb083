import BreezeModel

/// The pollutants grid under a card: each of the six pollutants' category on its own
/// breakpoints (the bands' words) and first the value that category comes from, as messages
/// show it: the average the alerting AQI used (NowCast for PM, 8-hour for O₃ and CO, the hour
/// for NO₂ and SO₂) when the state holds it, then the last reading's hour when it differs;
/// the hour's value, rated, without one. "no data" where there is neither (missing, negative
/// or not a number).
enum PollutantGrid {
    /// The grid for `city`; nothing before its first reading.
    static func write(_ city: WebCity, into html: inout HTMLWriter) {
        guard let record = city.record, let reading = record.lastReading else { return }
        html.element("section", ["class": "card pollutants", "aria-label": "Pollutants in " + city.name]) { html in
            html.element("h3", "Pollutants")
            html.element("ul", ["class": "grid"]) { html in
                for pollutant in Pollutant.allCases {
                    let hour = reading.concentrations[pollutant].flatMap(usable)
                    let ratedConcentration = RatedConcentration(
                        pollutant, average: record.alerting?.ratedAverages[pollutant], hour: hour)
                    let rated = ratedConcentration?.value
                    let status = rated.flatMap { PollutantCategory(pollutant, microgramsPerCubicMetre: $0) }
                    html.element(
                        "li",
                        [
                            "class": DashboardPalette.bandClass(status.map { DashboardPalette.band(for: $0.category) }),
                            "data-pollutant": pollutant.rawValue, "title": pollutant.fullName,
                        ]
                    ) { html in
                        html.element("span", ["class": "name"], pollutant.label)
                        html.element("span", ["class": "value"]) { html in
                            guard let rated, let text = number(rated) else { return html.write("no data") }
                            html.write(text + " ")
                            let method = ratedConcentration?.methodLabel
                            html.element(
                                "span", ["class": "unit"],
                                ConcentrationUnit.microgramsPerCubicMetre.symbol + (method.map { " " + $0 } ?? ""))
                        }
                        html.element("span", ["class": "status"], status?.label ?? "—")
                        if ratedConcentration?.isAverage == true, let hour, hour != rated, let text = number(hour) {
                            html.element("span", ["class": "hour"], "this hour " + text)
                        }
                    }
                }
            }
        }
    }

    private static func usable(_ value: Double) -> Double? { value.isFinite && value >= 0 ? value : nil }

    private static func number(_ value: Double) -> String? { WebNumber.text(value, digits: value < 100 ? 1 : 0) }
}
