import BreezeAlerts
import BreezeBacktest
import BreezeModel
import BreezeVocabulary
import FoundationEssentials

/// One replay of `breezectl backtest --report` as inline SVG: the alerting AQI it judged, hour
/// by hour, as a step line in each band's colour (one gradient along the AQI axis with a stop
/// at every band's edge, `writeBandGradient`), broken (and shaded grey) where an hour had none;
/// the rule's `Threshold=` and its clear level (`AlertRule.clearLevel`); and each episode as a
/// band shaded in its peak's colour, from the poll that fired to the one that resolved, with
/// its times and peak in data attributes. Days are marked at midnight in the city's clock.
///
/// Compact for 1,000 cities × 92 days: the hours are drawn in a nested `<svg>` whose
/// coordinates are hours and AQI points, so the line is one path of whole numbers (`v-3h2`).
enum BacktestChart {
    private static let width = 1000.0, height = 220.0, left = 34.0, right = 96.0, top = 10.0, bottom = 24.0
    private static var plotWidth: Double { width - left - right }
    private static var plotHeight: Double { height - top - bottom }
    /// The narrowest an episode is drawn, in the chart's units: an hour of 92 days is 0.4.
    private static let narrowestEpisode = 2.5

    /// The top of the AQI axis of `replays` under `rule`: one for all of a city's charts, so
    /// the two sources of `--source both` read on one scale (`HistoryChart.scaleTop`, the
    /// threshold included).
    static func ceiling(_ replays: [SourceBacktest], rule: AlertRule) -> Int {
        let highest = replays.lazy.flatMap { $0.result.judgedAQI.lazy.compactMap { $0 } }.max() ?? 0
        return HistoryChart.scaleTop(min(max(highest, rule.threshold), ReportedValue.aqiScale.upperBound))
    }

    /// The chart of `replay` under `rule` up to `ceiling` (`ceiling(_:rule:)`), times in the
    /// city's zone read on `now`'s day; a sentence when the replay covered no hour.
    static func write(
        _ replay: SourceBacktest, city: City, rule: AlertRule, ceiling: Int, now: Instant, into html: inout HTMLWriter
    ) {
        let result = replay.result
        let hours = min(result.span.hours, result.judgedAQI.count)
        guard hours > 0 else {
            return html.element("p", ["class": "muted"], "No hours to draw: the history was empty.")
        }
        let aqi = result.judgedAQI.prefix(hours).map { $0.map { min($0, ReportedValue.aqiScale.upperBound) } }
        let values = aqi.compactMap { $0 }
        let start = result.span.start
        let summary = summaryText(replay, city: city, values: values, missing: hours - values.count, now: now)
        html.element("figure", ["class": "chart backtest-chart"]) { html in
            html.element(
                "svg",
                ["viewBox": "0 0 \(Int(width)) \(Int(height))", "role": "img", "aria-label": summary, "focusable": "false"]
            ) { html in
                html.element("title", summary)
                writeGrid(ceiling: ceiling, into: &html)
                writeDays(start: start, hours: hours, zone: city.zone, now: now, into: &html)
                // Hours across, AQI points up (negative: SVG's y grows downwards).
                html.element(
                    "svg",
                    [
                        "x": WebNumber.coordinate(left), "y": WebNumber.coordinate(top),
                        "width": WebNumber.coordinate(plotWidth), "height": WebNumber.coordinate(plotHeight),
                        "viewBox": "0 -\(ceiling) \(hours) \(ceiling)", "preserveAspectRatio": "none",
                    ]
                ) { html in
                    writeGaps(aqi, start: start, ceiling: ceiling, into: &html)
                    for episode in result.episodes {
                        writeEpisode(episode, source: replay.source, start: start, hours: hours, ceiling: ceiling, city: city, now: now, into: &html)
                    }
                    let line = path(aqi)
                    if !line.isEmpty {
                        html.empty("path", ["class": "aqi-line", "stroke": "url(#" + gradient + ")", "d": line], selfClosing: true)
                    }
                }
                // The threshold's label above its line, the clear level's below: they lie close.
                writeLevel(rule.threshold, ceiling: ceiling, className: "rule-line", label: "Threshold \(rule.threshold)", below: false, into: &html)
                writeLevel(rule.clearLevel, ceiling: ceiling, className: "clear-line", label: "clears ≤ \(rule.clearLevel)", below: true, into: &html)
            }
        }
    }

    /// The step line's path data: each run of equal hours a horizontal stroke, joined to the
    /// run before by a vertical; an hour without an AQI breaks the line. Hours across, AQI
    /// points up (y = −AQI).
    static func path(_ aqi: [Int?]) -> String {
        var path = ""
        // The value of the run just drawn, when the next one touches it.
        var previous: Int?
        var index = 0
        while index < aqi.count {
            guard let value = aqi[index] else {
                previous = nil
                index += 1
                continue
            }
            var end = index + 1
            while end < aqi.count, aqi[end] == value { end += 1 }
            if let previous {
                path += "v\(previous - value)h\(end - index)"
            } else {
                path += "M\(index) \(-value)h\(end - index)"
            }
            previous = value
            index = end
        }
        return path
    }

    /// The id of the band gradient every chart's line is stroked with.
    static let gradient = "aqi-bands"

    /// The page's one gradient of the band colours up the AQI axis (in the charts' units, AQI
    /// points, so one serves every chart), a hard edge halfway between each band's last whole
    /// AQI and the next one's first: a line takes its band's colour wherever it runs.
    static func writeBandGradient(into html: inout HTMLWriter) {
        let top = Double(ReportedValue.aqiScale.upperBound)
        html.element("svg", ["class": "defs", "width": "0", "height": "0", "aria-hidden": "true", "focusable": "false"]) { html in
            html.element("linearGradient", ["id": gradient, "gradientUnits": "userSpaceOnUse", "x1": "0", "y1": "0", "x2": "0", "y2": String(-Int(top))]) { html in
                for band in Band.allCases {
                    let low = band == .excellent ? 0 : (Double(band.lowerBound) - 0.5) / top
                    let high = band.upperBound.map { min(1, (Double($0) + 0.5) / top) } ?? 1
                    for offset in [low, high] {
                        html.empty("stop", ["class": DashboardPalette.bandClass(band), "offset": WebNumber.text(offset, digits: 3)], selfClosing: true)
                    }
                }
            }
        }
    }

    /// Each run of hours without an AQI, shaded the height of the chart.
    private static func writeGaps(_ aqi: [Int?], start: Instant, ceiling: Int, into html: inout HTMLWriter) {
        var index = 0
        while index < aqi.count {
            guard aqi[index] == nil else {
                index += 1
                continue
            }
            var end = index + 1
            while end < aqi.count, aqi[end] == nil { end += 1 }
            html.empty(
                "rect",
                [
                    "class": "gap", "x": String(index), "y": String(-ceiling), "width": String(end - index),
                    "height": String(ceiling), "data-from": TimeText.rfc3339(start + .seconds(index * 3600)),
                    "data-hours": String(end - index),
                ], selfClosing: true)
            index = end
        }
    }

    /// The episode's band, its times and peak in data attributes (RFC 3339, as `--json` writes
    /// them; `data-end` is where it ended: resolved, or the end of the history while still
    /// firing) and in its `<title>` in the city's clock.
    private static func writeEpisode(
        _ episode: BacktestEpisode, source: String, start: Instant, hours: Int, ceiling: Int, city: City, now: Instant,
        into html: inout HTMLWriter
    ) {
        let hourWidth = plotWidth / Double(hours)
        let from = (episode.firedAt - start).seconds / 3600
        let length = max(episode.duration.seconds / 3600, narrowestEpisode / hourWidth)
        let time = { (instant: Instant) in TimeText.readable(instant, now: now, in: city.zone) }
        let peak = episode.peakAQI.map { aqi in "peak \(aqi)" + (episode.peakBand.map { " " + $0.label } ?? "") }
        let title = "Fired " + time(episode.firedAt)
            + (episode.resolvedAt.map { ", resolved " + time($0) } ?? ", still firing at the end")
            + (peak.map { "; " + $0 } ?? "; fired on a pollutant limit")
        html.element(
            "rect",
            [
                "class": "episode " + DashboardPalette.bandClass(episode.peakBand),
                "x": WebNumber.coordinate(from, in: 0...Double(hours)), "y": String(-ceiling),
                "width": WebNumber.coordinate(length, in: 0...Double(hours)), "height": String(ceiling),
                "data-source": source, "data-start": TimeText.rfc3339(episode.firedAt),
                "data-end": TimeText.rfc3339(episode.endedAt), "data-still-firing": episode.isStillFiring ? "true" : "false",
                "data-peak": episode.peakAQI.map(String.init), "data-band": episode.peakBand?.slug,
            ]
        ) { html in html.element("title", title) }
    }

    /// A rule's level across the chart, labelled at its right end, just above or below it.
    private static func writeLevel(
        _ level: Int, ceiling: Int, className: String, label: String, below: Bool, into html: inout HTMLWriter
    ) {
        let y = WebNumber.coordinate(yOf(level, ceiling: ceiling), in: top...(top + plotHeight))
        html.empty(
            "line", ["class": className, "x1": WebNumber.coordinate(left), "x2": WebNumber.coordinate(left + plotWidth), "y1": y, "y2": y],
            selfClosing: true)
        html.element(
            "text", ["class": className + "-label", "x": WebNumber.coordinate(left + plotWidth + 6), "y": WebNumber.coordinate(
                min(max(yOf(level, ceiling: ceiling) + (below ? 13 : -3), top + 9), top + plotHeight + 4))], label)
    }

    /// Lines every 50 AQI points (every 100 above 250), numbered at the left.
    private static func writeGrid(ceiling: Int, into html: inout HTMLWriter) {
        let step = ceiling > 250 ? 100 : 50
        for mark in stride(from: 0, through: ceiling, by: step) {
            let y = WebNumber.coordinate(yOf(mark, ceiling: ceiling))
            html.empty(
                "line", ["class": "grid-line", "x1": WebNumber.coordinate(left), "x2": WebNumber.coordinate(left + plotWidth), "y1": y, "y2": y],
                selfClosing: true)
            html.element(
                "text", ["x": WebNumber.coordinate(left - 4), "y": WebNumber.coordinate(yOf(mark, ceiling: ceiling) + 4), "text-anchor": "end"],
                String(mark))
        }
    }

    /// A line at local midnight every day, two days or week (Mondays), so at most 9 are named;
    /// named as people say the day (`Mon 1 Jun`, `Yesterday`, `Today`).
    private static func writeDays(start: Instant, hours: Int, zone: CivilZone, now: Instant, into html: inout HTMLWriter) {
        let end = start + .seconds(hours * 3600)
        guard let first = CivilCalendar.daysSinceEpoch(TimeText.localDate(start, in: zone)),
            let last = CivilCalendar.daysSinceEpoch(TimeText.localDate(end, in: zone)), last >= first
        else { return }
        let every = [1, 2, 7, 14, 28].first { (last - first) / $0 < 9 } ?? 28
        var named = 0
        for day in first...(last + 1) {
            guard every < 7 ? (day - first) % every == 0 : CivilCalendar.weekday(daysSinceEpoch: day) == 1 else { continue }
            defer { named += 1 }
            guard every < 14 || named % (every / 7) == 0,
                let midnight = CivilCalendar.startOfDay(CivilCalendar.date(daysSinceEpoch: day), in: zone)
            else { continue }
            let offset = (Double(midnight) - start.unixSeconds) / 3600
            guard offset >= 0, offset <= Double(hours) else { continue }
            let x = left + plotWidth * offset / Double(hours)
            html.empty(
                "line",
                [
                    "class": "grid-line", "x1": WebNumber.coordinate(x), "x2": WebNumber.coordinate(x),
                    "y1": WebNumber.coordinate(top), "y2": WebNumber.coordinate(top + plotHeight),
                ], selfClosing: true)
            html.element(
                "text",
                [
                    "x": WebNumber.coordinate(x), "y": WebNumber.coordinate(height - 6),
                    "text-anchor": x > left + plotWidth - 40 ? "end" : x < left + 40 ? "start" : "middle",
                ], TimeText.day(Instant(unixSeconds: Double(midnight)), now: now, in: zone))
        }
    }

    private static func yOf(_ aqi: Int, ceiling: Int) -> Double {
        top + plotHeight * (1 - Double(min(max(aqi, 0), ceiling)) / Double(ceiling))
    }

    /// What the chart shows, for its title and screen readers.
    private static func summaryText(_ replay: SourceBacktest, city: City, values: [Int], missing: Int, now: Instant) -> String {
        let result = replay.result
        let episodes = result.episodes.count
        // Plain text, where no `<bdi>` can go: the name's unsafe scalars as their escapes.
        return VisibleText.escaped(city.displayName) + " by \(replay.source): US AQI hour by hour, "
            + TimeText.span(result.span.start, result.span.end, now: now, in: city.zone)
            + (values.isEmpty ? "; no hour had an AQI" : "; lowest \(values.min() ?? 0), highest \(values.max() ?? 0)")
            + "; \(episodes) episode" + (episodes == 1 ? "" : "s")
            + (missing > 0 ? "; \(missing) hour" + (missing == 1 ? "" : "s") + " without an AQI" : "")
    }

    /// The chart's rules in the pages' one style sheet (`DashboardStyle`).
    static let style = """
        .replay{margin:1rem 0 0}
        .replay h3{margin:0 0 .2rem;font-size:1.05rem}
        .replay-lines{margin:0 0 .3rem;padding:0;list-style:none;color:var(--muted);font-size:.88rem}
        .backtest-chart svg{max-height:none}
        .aqi-line{fill:none;stroke-width:1.6;stroke-linejoin:round;vector-effect:non-scaling-stroke}
        .defs{position:absolute;width:0;height:0}
        .defs stop{stop-color:var(--band)}
        .episode{fill:var(--band);opacity:.25}
        .gap{fill:var(--muted);opacity:.15}
        .grid-line{stroke:var(--muted);stroke-width:.5;opacity:.5}
        .rule-line{stroke:var(--text);stroke-width:1.2}
        .clear-line{stroke:var(--text);stroke-width:1;stroke-dasharray:6 4;opacity:.75}
        .chart .rule-line-label,.chart .clear-line-label{fill:var(--text)}
        .episodes{border-collapse:collapse;font-size:.86rem;margin:.3rem 0 0}
        .episodes th{text-align:left;color:var(--muted);font-weight:600;font-size:.75rem;letter-spacing:.03em;padding:2px 14px 2px 0}
        .episodes td{padding:2px 14px 2px 0;border-top:1px solid var(--tile)}
        .episodes th,.episodes td:first-child,.episodes td:nth-child(2),.episodes td:nth-child(3){white-space:nowrap}
        .comparison{margin:.8rem 0 0;font-weight:600}
        """
}
