import BreezeAlerts
import BreezeBacktest
import BreezeModel
import BreezeVocabulary

/// One city of `breezectl backtest --report`: its replays (one per source, or none when its
/// history could not be fetched), and the words the text report says of them, so the page and
/// the text agree.
public struct BacktestReportCity: Sendable {
    public var city: City
    public var rule: AlertRule
    /// One per source, in the order the text gives them; empty when the fetch failed.
    public var replays: [BacktestReportReplay]
    /// Why its history could not be fetched; nil when it was.
    public var failure: String?
    /// What the history said of its own columns (a wrong unit, a wrong length).
    public var notes: [String]
    /// With two sources, the text's side by side of their episodes.
    public var comparison: BacktestReportComparison?

    public init(
        city: City, rule: AlertRule, replays: [BacktestReportReplay], failure: String? = nil, notes: [String] = [],
        comparison: BacktestReportComparison? = nil
    ) {
        self.city = city
        self.rule = rule
        self.replays = replays
        self.failure = failure
        self.notes = notes
        self.comparison = comparison
    }
}

/// One replay on the page: the replay, its summary lines, and its table of episodes (the
/// headings, then one row per episode: fired, resolved, length, peak, notes) as the text
/// report writes them; the page shows their
/// unsafe scalars as escapes (`VisibleText`), as the terminal does.
public struct BacktestReportReplay: Sendable {
    public var replay: SourceBacktest
    public var summary: [String]
    public var headings: [String]
    public var rows: [[String]]

    public init(replay: SourceBacktest, summary: [String], headings: [String], rows: [[String]]) {
        self.replay = replay
        self.summary = summary
        self.headings = headings
        self.rows = rows
    }
}

/// `--source both`'s side by side as the text report writes it: its line on the pairs of
/// overlapping episodes, then the table's headings and one row per pair.
public struct BacktestReportComparison: Sendable {
    public var summary: String
    public var headings: [String]
    public var rows: [[String]]

    public init(summary: String, headings: [String], rows: [[String]]) {
        self.summary = summary
        self.headings = headings
        self.rows = rows
    }
}

/// `breezectl backtest --report FILE`: one self-contained page (the status page's style sheet
/// and palette, inline SVG, no script, nothing fetched: `PageDocument`'s policy in a meta) with
/// a card per city and, per source, its chart (`BacktestChart`), the text report's lines and
/// its episodes; with two sources, one chart above the other. Times are in each city's clock.
public enum BacktestReportPage {
    /// The page of `cities`, replayed over `days` days and today by breezectl `version`,
    /// written at `now` (each time is named as seen from then).
    public static func render(_ cities: [BacktestReportCity], days: Int, version: String, now: Instant) -> [UInt8] {
        let title = "Breeze backtest: \(cities.count) " + (cities.count == 1 ? "city" : "cities") + ", \(days) "
            + (days == 1 ? "day" : "days") + " and today"
        let page = PageDocument.render(title: title, refreshAfter: nil, selfContained: true) { html in
            html.element("header", ["class": "top"]) { html in
                html.element("h1", "Breeze backtest")
                html.element(
                    "p", ["class": "meta"],
                    "breezectl \(version) · \(days) " + (days == 1 ? "day" : "days") + " and today, replayed "
                        + TimeText.dateAndClock(now, in: TimeText.zone()) + " · \(cities.count) "
                        + (cities.count == 1 ? "city" : "cities"))
                html.element("p", ["class": "meta"], legend)
            }
            BacktestChart.writeBandGradient(into: &html)
            html.element("main") { html in
                for city in cities { write(city, now: now, into: &html) }
            }
        }
        return page.body
    }

    /// How to read a chart.
    static let legend = "Each chart: the alerting AQI the replay judged, hour by hour, in its band's colour; "
        + "grey where an hour had none. The solid line is Threshold= (readings at or above it breach); the dashed "
        + "one the clear level, Threshold − 1 − Hysteresis (readings at or below it count towards resolving). "
        + "Each episode is shaded in its peak's colour from the poll that fired to the one that resolved. "
        + "Times are in each city's clock."

    private static func write(_ city: BacktestReportCity, now: Instant, into html: inout HTMLWriter) {
        html.element(
            "section", ["class": "card backtest", "data-city": city.city.name, "aria-label": VisibleText.escaped(city.city.displayName)]
        ) { html in
            html.element("h2") { html in html.name(city.city.displayName) }
            if let failure = city.failure {
                html.element("p", ["class": "warning"], "Not replayed: " + VisibleText.escaped(failure))
            }
            for note in city.notes { html.element("p", ["class": "muted"], VisibleText.escaped(note)) }
            let ceiling = BacktestChart.ceiling(city.replays.map(\.replay), rule: city.rule)
            for replay in city.replays {
                html.element("section", ["class": "replay", "data-source": replay.replay.source]) { html in
                    html.element("h3", "by " + replay.replay.source)
                    html.element("ul", ["class": "replay-lines"]) { html in
                        for line in replay.summary { html.element("li", VisibleText.escaped(line)) }
                    }
                    BacktestChart.write(replay.replay, city: city.city, rule: city.rule, ceiling: ceiling, now: now, into: &html)
                    writeTable(headings: replay.headings, rows: replay.rows, into: &html)
                }
            }
            if let comparison = city.comparison {
                html.element("p", ["class": "comparison"], VisibleText.escaped(comparison.summary))
                writeTable(headings: comparison.headings, rows: comparison.rows, into: &html)
            }
        }
    }

    /// One of the text report's tables (its episodes, or the pairs of two sources'), nothing
    /// without rows.
    private static func writeTable(headings: [String], rows: [[String]], into html: inout HTMLWriter) {
        guard !rows.isEmpty else { return }
        html.element("table", ["class": "episodes"]) { html in
            html.element("thead") { html in
                html.element("tr") { html in
                    for heading in headings { html.element("th", ["scope": "col"], VisibleText.escaped(heading)) }
                }
            }
            html.element("tbody") { html in
                for row in rows {
                    html.element("tr") { html in
                        for cell in row { html.element("td", VisibleText.escaped(cell)) }
                    }
                }
            }
        }
    }
}
