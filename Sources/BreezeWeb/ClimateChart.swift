import BreezeModel
import BreezeState
import BreezeVocabulary

/// "Temperature on this day across decades" as inline SVG bars (1980, 1990, 2000, 2010, 2020,
/// this year), each coloured by its difference from the first year (`TrendColour`), in the
/// configured `TemperatureUnit`; a visually hidden list carries the values.
enum ClimateChart {
    private static let width = 360.0, height = 190.0, top = 22.0, bottom = 22.0, side = 8.0
    /// Temperatures beyond this magnitude (°C or °F) are drawn at it: no day is that hot.
    private static let drawable = 200.0

    /// The chart of `climate`, or why there is none; what happened when the last fetch
    /// `failed` (a chart then is an earlier day's), its times read beside `now`.
    static func write(
        _ climate: [ClimateTrendPoint]?, failed: ExtrasFailure?, now: Instant, unit: TemperatureUnit, into html: inout HTMLWriter
    ) {
        if let failed { html.element("p", ["class": "muted"], failed.sentence(now: now) + ".") }
        guard let climate else {
            guard failed == nil else { return }
            return html.element("p", ["class": "muted"]) { html in
                html.write("Not fetched yet: breezed fetches it from the archive (")
                KeyMention.key("ArchiveURL", into: &html)
                html.write(") once a day, after a poll cycle, when the status page's extras are on (")
                KeyMention.key("StatusPageExtras", into: &html)
                html.write(") or a digest needs it; see ")
                KeyMention.reference(into: &html)
                html.write(".")
            }
        }
        let points = climate.map { point in
            (point, value: point.temperatureMaximum.flatMap { $0.isFinite ? unit.temperature(celsius: $0) : nil })
        }
        guard points.contains(where: { $0.value != nil }) else {
            return html.element("p", ["class": "muted"], "The archive has no temperatures for this day yet.")
        }
        let drawn = points.compactMap { $0.value.map { min(max($0, -drawable), drawable) } }
        let lowest = min(0, drawn.min() ?? 0), highest = max(0, drawn.max() ?? 0)
        let span = highest - lowest > 0 ? highest - lowest : 1
        let plotHeight = height - top - bottom
        let zeroY = top + plotHeight * (highest / span)
        let slot = (width - 2 * side) / Double(max(points.count, 1))
        let summary = "Maximum temperature on this day: "
            + points.map { "\($0.0.year) " + text($0.value, unit) }.joined(separator: ", ")
        writeChange(points.map(\.0), unit: unit, into: &html)
        html.element("figure", ["class": "chart"]) { html in
            html.element("svg", ["viewBox": "0 0 360 190", "role": "img", "aria-label": summary, "focusable": "false"]) { html in
                html.element("title", summary)
                for (index, (point, value)) in points.enumerated() {
                    let x = side + Double(index) * slot
                    let centre = x + slot / 2
                    if let value {
                        let clamped = min(max(value, -drawable), drawable)
                        let y = top + plotHeight * ((highest - max(clamped, 0)) / span)
                        let barHeight = max(1, plotHeight * abs(clamped) / span)
                        html.empty("rect", ["class": "trend-bar " + DashboardPalette.trendClass(point.colour),
                            "x": WebNumber.coordinate(x + slot * 0.18), "y": WebNumber.coordinate(y),
                            "width": WebNumber.coordinate(slot * 0.64), "height": WebNumber.coordinate(barHeight), "rx": "4"],
                            selfClosing: true)
                        let labelY = clamped >= 0 ? y - 5 : zeroY - 5
                        html.element("text", ["x": WebNumber.coordinate(centre), "y": WebNumber.coordinate(max(labelY, 12)),
                            "text-anchor": "middle"], text(value, unit))
                    } else {
                        html.element("text", ["x": WebNumber.coordinate(centre), "y": WebNumber.coordinate(zeroY - 5),
                            "text-anchor": "middle"], "no data")
                    }
                    html.element("text", ["x": WebNumber.coordinate(centre), "y": WebNumber.coordinate(height - 6),
                        "text-anchor": "middle"], String(point.year))
                }
                html.empty("line", ["class": "axis", "x1": WebNumber.coordinate(side), "x2": WebNumber.coordinate(width - side),
                    "y1": WebNumber.coordinate(zeroY), "y2": WebNumber.coordinate(zeroY)], selfClosing: true)
            }
            html.element("ul", ["class": "visually-hidden"]) { html in
                for (point, value) in points {
                    let difference = point.differenceFromFirstYear.flatMap { WebNumber.signed(unit.difference(celsius: $0)) }
                    html.element("li", "\(point.year): " + text(value, unit)
                        + (difference.map { " (\($0) \(unit.symbol) from the first year)" } ?? ""))
                }
            }
        }
    }

    /// "Change since 1980: +1.2 °C", coloured as the last year's bar.
    static func writeChange(_ points: [ClimateTrendPoint], unit: TemperatureUnit, into html: inout HTMLWriter) {
        let rated = points.filter { $0.temperatureMaximum?.isFinite == true }
        guard let first = rated.first, let last = rated.last, first.year != last.year,
            let difference = last.differenceFromFirstYear, difference.isFinite,
            let shown = WebNumber.signed(unit.difference(celsius: difference))
        else { return }
        html.element("p") { html in
            html.write("Change from \(first.year) to \(last.year): ")
            html.element("span", ["class": "change " + DashboardPalette.trendClass(last.colour)], shown + " " + unit.symbol)
        }
    }

    /// `21.4 °C`, or "no data".
    static func text(_ value: Double?, _ unit: TemperatureUnit) -> String {
        value.flatMap { WebNumber.text($0, digits: 1) }.map { $0 + " " + unit.symbol } ?? "no data"
    }
}
