import BreezeModel
import BreezeVocabulary
import FoundationEssentials

/// The last 48 hours of a city's alerting AQI as inline SVG bars, each coloured by its band,
/// with a gap for every hour without a value; a visually hidden table carries the same values
/// for screen readers.
enum HistoryChart {
    static let hours = 48
    private static let width = 360.0, height = 160.0, left = 30.0, right = 4.0, top = 8.0, bottom = 22.0

    /// The chart of `history` (oldest first), or a sentence when there is none.
    static func write(_ history: [HourlyAQI], zone: CivilZone, context: DashboardContext, into html: inout HTMLWriter) {
        let slots = place(history)
        let values = slots.compactMap { $0.aqi }
        guard let end = slots.last?.hour, !values.isEmpty else {
            return html.element("p", ["class": "muted"], "No hourly AQI yet: the chart fills as breezed polls.")
        }
        let ceiling = scaleTop(values.max() ?? 0)
        let plotWidth = width - left - right, plotHeight = height - top - bottom
        let slotWidth = plotWidth / Double(hours)
        let missing = slots.filter { $0.aqi == nil }.count
        let summary = "US AQI hour by hour over the last 48 hours: lowest \(values.min() ?? 0), highest \(values.max() ?? 0)"
            + (slots.last?.aqi.map { ", latest \($0)" } ?? "") + (missing > 0 ? "; \(missing) hours without a value" : "")
        html.element("figure", ["class": "chart"]) { html in
            html.element("svg", ["viewBox": "0 0 360 160", "role": "img", "aria-label": summary, "focusable": "false"]) { html in
                html.element("title", summary)
                for mark in [0, ceiling / 2, ceiling] {
                    let y = top + plotHeight * (1 - Double(mark) / Double(ceiling))
                    html.empty("line", ["class": "axis", "x1": WebNumber.coordinate(left), "x2": WebNumber.coordinate(width - right),
                        "y1": WebNumber.coordinate(y), "y2": WebNumber.coordinate(y), "stroke-dasharray": mark == 0 ? nil : "2 4"],
                        selfClosing: true)
                    html.element("text", ["x": WebNumber.coordinate(left - 4), "y": WebNumber.coordinate(y + 4), "text-anchor": "end"], String(mark))
                }
                for (index, slot) in slots.enumerated() {
                    guard let aqi = slot.aqi else { continue }
                    let barHeight = max(1, plotHeight * Double(min(aqi, ceiling)) / Double(ceiling))
                    html.empty("rect", [
                        "class": "bar " + DashboardPalette.bandClass(Band(aqi: aqi)),
                        "x": WebNumber.coordinate(left + Double(index) * slotWidth + 0.5),
                        "y": WebNumber.coordinate(top + plotHeight - barHeight),
                        "width": WebNumber.coordinate(max(1, slotWidth - 1)), "height": WebNumber.coordinate(barHeight),
                    ], selfClosing: true)
                }
                for (index, anchor, label) in [(0, "start", "48 h ago"), (hours / 2, "middle", "24 h ago"), (hours - 1, "end", context.time(end, in: zone))] {
                    html.element("text", ["x": WebNumber.coordinate(left + (Double(index) + 0.5) * slotWidth),
                        "y": WebNumber.coordinate(height - 6), "text-anchor": anchor], label)
                }
            }
            html.element("table", ["class": "visually-hidden"]) { html in
                html.element("caption", "US AQI by hour, ending " + context.time(end, in: zone))
                html.element("tr") { html in
                    html.element("th", ["scope": "col"], "Hour")
                    html.element("th", ["scope": "col"], "US AQI")
                }
                for slot in slots {
                    html.element("tr") { html in
                        html.element("td", context.time(slot.hour, in: zone))
                        html.element("td", slot.aqi.map { "\($0) " + (Band(aqi: $0)?.label ?? "") } ?? "no value")
                    }
                }
            }
        }
    }

    /// 48 hours ending at the latest valid hour of `history`, each with its AQI (nil: a gap,
    /// whether the hour was missing, unrated or off the scale); empty without any valid hour.
    static func place(_ history: [HourlyAQI]) -> [HourlyAQI] {
        let valid = history.filter { TimeText.stored.contains($0.hour.unixSeconds) }
        guard let end = valid.map(\.hour.unixSeconds).max() else { return [] }
        let start = end - Double(hours - 1) * 3600
        var slots = (0..<hours).map { HourlyAQI(hour: Instant(unixSeconds: start + Double($0) * 3600), aqi: nil) }
        for entry in valid {
            let index = Int(((entry.hour.unixSeconds - start) / 3600).rounded())
            guard slots.indices.contains(index), let aqi = entry.aqi, ReportedValue.aqiScale.contains(aqi) else { continue }
            slots[index].aqi = aqi
        }
        return slots
    }

    /// The top of the value axis: at least 100, a multiple of 50 above `highest`, at most 500.
    static func scaleTop(_ highest: Int) -> Int {
        min(500, max(100, (highest + 49) / 50 * 50))
    }
}
