import BreezeModel
import BreezeState
import BreezeVocabulary
import FoundationEssentials

/// `/city/<name or slug>` (`CityAddress`): the city's card and pollutants, its last 48 hours,
/// the coming days, pollen, UV and the climate trend, and what happened when an extra's fetch
/// failed. An address naming no city is a 404 page that links home.
enum CityPage {
    /// The page of the city `address` (the path after `/city/`) names in `context`'s snapshot.
    static func render(address: String, context: DashboardContext) -> WebResponse {
        guard let city = context.snapshot.city(address: address) else { return notFound() }
        let interval = context.snapshot.pollInterval
        // A window's title is plain text, where no `<bdi>` can go: the name's unsafe scalars are
        // shown as their escapes (`VisibleText`), as in every other plain-text channel.
        return PageDocument.render(title: "Breeze: " + VisibleText.escaped(city.name), refreshAfter: interval) { html in
            DashboardHeader.write(context, into: &html)
            html.element("main") { html in
                html.element("p") { html in html.element("a", ["href": "/"], "← All cities") }
                html.element("div", ["class": "cities detail"]) { html in
                    html.element("div", ["class": "city"]) { html in
                        AQICard.write(city, linked: false, context: context, into: &html)
                        PollutantGrid.write(city, into: &html)
                    }
                    html.element("div", ["class": "city"]) { html in
                        section("Last 48 hours", into: &html) { html in
                            HistoryChart.write(city.history, zone: city.zone, context: context, into: &html)
                        }
                        section("Coming days", into: &html) { html in
                            writeForecast(city.forecast, zone: city.zone, context: context, into: &html)
                        }
                        section("Pollen and UV", into: &html) { html in writePollen(city, now: context.now, into: &html) }
                        section("Local climate trend", into: &html) { html in
                            html.element("p", ["class": "muted"], "Temperature on this day across decades")
                            ClimateChart.write(
                                city.climate, failed: city.failures[.climate], now: context.now,
                                unit: context.snapshot.temperatureUnit, into: &html)
                        }
                    }
                }
            }
        }
    }

    /// The 404 page: the city is not configured (or the path is mistyped).
    static func notFound() -> WebResponse {
        PageDocument.render(title: "Breeze: no such city", refreshAfter: nil, status: 404) { html in
            html.element("main") { html in
                html.element("h1", "No such city")
                html.element("p", "No configured city has this address.")
                html.element("p") { html in html.element("a", ["href": "/"], "Back to all cities") }
            }
        }
    }

    private static func section(_ title: String, into html: inout HTMLWriter, body: (inout HTMLWriter) -> Void) {
        html.element("section", ["class": "card", "aria-label": title]) { html in
            html.element("h3", title)
            body(&html)
        }
    }

    /// One line per day: the day as people say it in the city's zone (`Today`, `Tomorrow`,
    /// `Thu 4 Dec`), its forecast AQI and band, the dominant pollutant or why there is no AQI.
    static func writeForecast(
        _ days: [ForecastDayAQI], zone: CivilZone, context: DashboardContext, into html: inout HTMLWriter
    ) {
        guard !days.isEmpty else {
            return html.element("p", ["class": "muted"], "No forecast yet for this city.")
        }
        html.element("ul", ["class": "days"]) { html in
            for day in days {
                let aqi = day.aqi.flatMap { ReportedValue.aqiScale.contains($0) ? $0 : nil }
                let band = aqi.flatMap(Band.init(aqi:))
                html.element("li", ["class": DashboardPalette.bandClass(band), "data-day": day.day]) { html in
                    html.element("span", context.day(day.day, in: zone))
                    guard let aqi, let band else {
                        // The day's reason without its per-pollutant detail (six hour counts
                        // for a partly forecast day), which the title and /api/v1 keep.
                        let note = day.note ?? "Not rated."
                        let short = note.firstRange(of: " (").map { String(note[..<$0.lowerBound]) + "." } ?? note
                        return html.element("span", ["class": "muted", "title": note], short)
                    }
                    html.element("span", ["class": "status"], "AQI \(aqi) · " + band.label
                        + (day.dominant.map { " (" + $0.label + ")" } ?? ""))
                }
            }
        }
    }

    /// What happened when the last fetch failed; pollen by type with its level, or "no pollen
    /// data here" (said only of a fetch that came); then the UV index.
    static func writePollen(_ city: WebCity, now: Instant, into html: inout HTMLWriter) {
        let failed = city.failures[.pollenAndUV]
        if let failed { html.element("p", ["class": "muted"], failed.sentence(now: now) + ".") }
        if let pollen = city.pollen, !pollen.isEmpty {
            html.element("ul", ["class": "grid"]) { html in
                for type in PollenType.allCases {
                    guard let count = pollen[type] else { continue }
                    let level = PollenLevel(type, grainsPerCubicMetre: count)
                    html.element("li", ["class": DashboardPalette.bandClass(level.map(DashboardPalette.band(for:)))]) { html in
                        html.element("span", ["class": "name"], type.label)
                        html.element("span", ["class": "value"]) { html in
                            guard level != nil, let text = WebNumber.text(count, digits: count < 10 ? 1 : 0) else { return html.write("no data") }
                            html.write(text + " ")
                            html.element("span", ["class": "unit"], "grains/m³")
                        }
                        html.element("span", ["class": "status"], level?.label ?? "—")
                    }
                }
            }
        } else if failed == nil {
            html.element("p", ["class": "muted"], "No pollen data here (Open-Meteo models pollen for Europe, in season).")
        }
        let uv = city.uvIndex.flatMap { $0.isFinite && $0 >= 0 ? WebNumber.text($0, digits: 1) : nil }
        html.element("p", "UV index: " + (uv ?? "unknown"))
    }
}
