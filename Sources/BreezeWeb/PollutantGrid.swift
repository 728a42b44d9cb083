import BreezeModel

/// The pollutants grid under a card: each of the six pollutants' concentration from the last
/// reading, its unit and the EPA category of that value on the pollutant's own breakpoints (the
/// bands' words); "no data" where the reading has none (missing, negative or not a number).
enum PollutantGrid {
    /// The grid for `city`; nothing before its first reading.
    static func write(_ city: WebCity, into html: inout HTMLWriter) {
        guard let reading = city.record?.lastReading else { return }
        html.element("section", ["class": "card pollutants", "aria-label": "Pollutants in " + city.name]) { html in
            html.element("h3", "Pollutants")
            html.element("ul", ["class": "grid"]) { html in
                for pollutant in Pollutant.allCases {
                    let value = reading.concentrations[pollutant].flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
                    let status = value.flatMap { PollutantCategory(pollutant, microgramsPerCubicMetre: $0) }
                    html.element(
                        "li",
                        [
                            "class": DashboardPalette.bandClass(status.map { DashboardPalette.band(for: $0.category) }),
                            "data-pollutant": pollutant.rawValue, "title": pollutant.fullName,
                        ]
                    ) { html in
                        html.element("span", ["class": "name"], pollutant.label)
                        html.element("span", ["class": "value"]) { html in
                            guard let value, let text = WebNumber.text(value, digits: value < 100 ? 1 : 0) else {
                                return html.write("no data")
                            }
                            html.write(text + " ")
                            html.element("span", ["class": "unit"], ConcentrationUnit.microgramsPerCubicMetre.symbol)
                        }
                        html.element("span", ["class": "status"], status?.label ?? "—")
                    }
                }
            }
        }
    }
}
