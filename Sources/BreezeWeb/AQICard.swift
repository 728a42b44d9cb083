import BreezeModel
import BreezeState
import BreezeVocabulary
import FoundationEssentials

/// A city's AQI card, as the app's: the ring scaled 0–500 with the AQI in the band's colour,
/// the band's label, emoji, summary and health tips, then where the AQI came from, when it was
/// observed and how the city's alert stands; with `[Sensor]`s, the sensor's AQI beside the
/// model's and the list of them (`SensorCard`). A city never polled, or whose last poll failed,
/// says so.
enum AQICard {
    /// The card of `city`; its name links to the city's page when `linked`.
    static func write(_ city: WebCity, linked: Bool, context: DashboardContext, into html: inout HTMLWriter) {
        let alerting = city.record?.shownAQI
        let aqi = alerting?.aqi.flatMap { ReportedValue.aqiScale.contains($0) ? $0 : nil }
        let band = aqi.flatMap(Band.init(aqi:))
        html.element(
            "article",
            [
                "class": "card " + DashboardPalette.bandClass(band), "id": "city-" + city.slug,
                "data-city": city.name, "data-aqi": aqi.map(String.init), "data-band": band?.slug,
            ]
        ) { html in
            html.element("h2") { html in
                if linked {
                    html.element("a", ["href": city.address]) { html in html.name(city.name) }
                } else {
                    html.name(city.name)
                }
            }
            writeDial(aqi: aqi, band: band, into: &html)
            if let band {
                html.element("p", ["class": "label"]) { html in
                    html.element("span", ["class": "emoji", "aria-hidden": "true"], band.emoji)
                    html.write(" " + band.label)
                }
                SensorCard.writeSources(city.record, aqi: aqi, into: &html)
                html.element("p", ["class": "summary"], band.summary)
                html.element("section", ["class": "tips", "aria-label": "Health advice"]) { html in
                    html.element("h3", "Health advice")
                    html.element("ul") { html in
                        for tip in band.healthTips { html.element("li", tip) }
                    }
                }
            } else {
                html.element("p", ["class": "label"], "No AQI")
                html.element("p", ["class": "summary"], noAQIReason(city, alerting: alerting))
            }
            SensorCard.writeSensors(city.record?.ground, into: &html)
            writeFacts(city, alerting: alerting, context: context, into: &html)
        }
    }

    /// Why a card has no AQI, in a sentence.
    static func noAQIReason(_ city: WebCity, alerting: ShownAQI?) -> String {
        guard let record = city.record else {
            return "Not polled yet: breezed has not asked Open-Meteo about this city since it started."
        }
        if let value = alerting?.aqi { return "The source reported \(value), which is off the AQI scale (0–500)." }
        if record.lastError != nil { return "The last poll failed and no earlier reading is kept." }
        return "The source gave no AQI for this city."
    }

    /// The ring (inline SVG, its arc the AQI's share of 500) with the number over it.
    static func writeDial(aqi: Int?, band: Band?, into html: inout HTMLWriter) {
        let share = Double(min(max(aqi ?? 0, 0), 500)) / 500
        let radius = 72.0
        let circumference = 2 * Double.pi * radius
        let description = aqi.map { "US AQI \($0) of 500" + (band.map { ", \($0.label)" } ?? "") } ?? "No AQI"
        html.element("div", ["class": "dial"]) { html in
            html.element(
                "svg", ["viewBox": "0 0 170 170", "role": "img", "aria-label": description, "focusable": "false"]
            ) { html in
                html.element("title", description)
                html.empty(
                    "circle",
                    ["class": "ring-track", "cx": "85", "cy": "85", "r": "72", "fill": "none", "stroke-width": "13"],
                    selfClosing: true)
                if share > 0 {
                    html.empty(
                        "circle",
                        [
                            "class": "ring-value", "cx": "85", "cy": "85", "r": "72", "fill": "none",
                            "stroke-width": "13", "stroke-linecap": "round",
                            "stroke-dasharray": WebNumber.coordinate(share * circumference) + " "
                                + WebNumber.coordinate(circumference),
                            "transform": "rotate(-90 85 85)",
                        ], selfClosing: true)
                }
            }
            html.element("p", ["class": "reading"]) { html in
                html.element("span", ["class": "aqi"], aqi.map(String.init) ?? "—")
                html.element("span", ["class": "scale"], "US AQI")
            }
        }
    }

    /// Source, observation, band, alert and poll, as a description list.
    static func writeFacts(
        _ city: WebCity, alerting: ShownAQI?,
        context: DashboardContext, into html: inout HTMLWriter
    ) {
        guard let record = city.record else { return }
        html.element("dl", ["class": "facts"]) { html in
            func fact(_ term: String, _ value: String, class className: String? = nil) {
                html.element("dt", term)
                html.element("dd", ["class": className], value)
            }
            if let alerting, let rating = alerting.sensor {
                html.element("dt", "Source")
                html.element("dd") { html in
                    html.name(rating.label)
                    html.write("; " + SensorPresentation.model(rating))
                }
            } else if let alerting, record.lastReading != nil, let source = alerting.source {
                let beside = source == .nowcast
                    ? "; Open-Meteo says " + (alerting.openMeteo.map(String.init) ?? "nothing") : ""
                fact("Source", DashboardContext.name(source) + beside)
            } else if alerting != nil, record.lastReading != nil {
                html.element("dt", "Source")
                html.element("dd") { html in
                    html.write("Open-Meteo (state from before ")
                    KeyMention.key("AQISource", into: &html)
                    html.write("; see ")
                    KeyMention.reference(into: &html)
                    html.write(")")
                }
            }
            if let alerting = record.alerting, let reason = alerting.fallbackReason {
                fact("Fallback", alerting.missingReason.map { "none, since " + $0 } ?? "Open-Meteo's value, since " + reason)
            }
            if let leftOut = record.alerting?.leftOut, !leftOut.isEmpty {
                fact("Left out", leftOut.joined(separator: "; "))
            }
            if let dominant = record.alerting?.dominantPollutant ?? record.lastReading?.dominantPollutant {
                fact("Dominant", dominant.label)
            }
            // The city's times in its zone, as its messages show them.
            if let reading = record.lastReading { fact("Observed", context.time(reading.time, in: city.zone)) }
            if let band = record.band, let since = record.bandSince {
                fact("In band", band.label + " since " + context.time(since, in: city.zone))
            }
            writeAlert(record, zone: city.zone, context: context, into: &html)
            if let polled = record.lastPollAt { fact("Last poll", context.time(polled, in: city.zone)) }
            if let error = record.lastError { fact("Error", error, class: "firing") }
        }
    }

    /// The alert's state: firing since when, and what the outbox holds for it.
    static func writeAlert(_ record: CityRecord, zone: CivilZone, context: DashboardContext, into html: inout HTMLWriter) {
        html.element("dt", "Alert")
        guard record.alert.firing else { return html.element("dd", "not firing") }
        let since = record.alert.episodeStartedAt.map { " since " + context.time($0, in: zone) } ?? ""
        let notified = record.alert.notifiedBand.map { " (announced as \($0.label))" } ?? ""
        html.element("dd", ["class": "firing"], "firing" + since + notified)
        guard let deliveries = context.snapshot.deliveries, deliveries.pending > 0 else { return }
        let held = deliveries.receivers.reduce(0) { $0 + $1.held }
        html.element("dt", "Delivery")
        html.element(
            "dd",
            "\(deliveries.pending) pending"
                + (held > 0 ? ", \(held) held by quiet hours" : "") + " (all cities)")
    }
}
