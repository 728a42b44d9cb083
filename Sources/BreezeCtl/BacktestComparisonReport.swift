import BreezeBacktest
import BreezeConfig
import BreezeModel
import BreezeVocabulary

/// `breezectl backtest --source both`'s side by side: each pair of overlapping episodes, how
/// much sooner the first source fired and resolved, and the episodes only one source had.
enum BacktestComparisonReport {
    static func text(_ comparison: BacktestComparison, city: City, now: Instant) -> String {
        var lines = [summary(comparison, city: city)]
        guard !comparison.pairs.isEmpty else { return lines.joined(separator: "\n") }
        let table = [headings(comparison)] + rows(comparison, city: city, now: now)
        lines += TextTable().lines(table.map { $0.map { TextTable.Cell($0) } }).map { "  " + $0 }
        return lines.joined(separator: "\n")
    }

    /// The table's headings: `NOWCAST FIRED`, `OPEN-METEO FIRED`, `FIRED`, `RESOLVED`.
    static func headings(_ comparison: BacktestComparison) -> [String] {
        ["\(comparison.first.source.uppercased()) FIRED", "\(comparison.second.source.uppercased()) FIRED", "FIRED", "RESOLVED"]
    }

    /// One row per pair: when each source fired (in the city's clock), how much sooner the
    /// first fired and resolved. `--report`'s page shows the same rows.
    static func rows(_ comparison: BacktestComparison, city: City, now: Instant) -> [[String]] {
        let first = comparison.first.source
        return comparison.pairs.map { pair in
            let left = comparison.first.result.episodes[pair.first]
            let right = comparison.second.result.episodes[pair.second]
            return [
                TimeText.readable(left.firedAt, now: now, in: city.zone),
                TimeText.readable(right.firedAt, now: now, in: city.zone),
                lead(pair.firedSooner, first),
                pair.resolvedSooner.map { lead($0, first) } ?? "still firing",
            ]
        }
    }

    /// "Paris, nowcast beside open-meteo: 3 pairs of overlapping episodes, 1 only by nowcast,
    /// 0 only by open-meteo": the text's first line, and `--report`'s page's.
    static func summary(_ comparison: BacktestComparison, city: City) -> String {
        let first = comparison.first.source
        let second = comparison.second.source
        return "\(city.displayName), \(first) beside \(second): "
            + "\(BacktestReport.count(comparison.pairs.count, "pair")) of overlapping episodes, "
            + "\(comparison.onlyFirst) only by \(first), \(comparison.onlySecond) only by \(second)"
    }

    static func json(_ comparison: BacktestComparison) -> JSONOutput {
        .object([
            "first": .string(comparison.first.source), "second": .string(comparison.second.source),
            "onlyFirst": .integer(comparison.onlyFirst), "onlySecond": .integer(comparison.onlySecond),
            "pairs": .array(
                comparison.pairs.map { pair in
                    .object([
                        "firstEpisode": .integer(pair.first), "secondEpisode": .integer(pair.second),
                        "firstFiredAt": .string(
                            TimeText.rfc3339(comparison.first.result.episodes[pair.first].firedAt)),
                        "secondFiredAt": .string(
                            TimeText.rfc3339(comparison.second.result.episodes[pair.second].firedAt)),
                        "firedSoonerSeconds": .number(pair.firedSooner.seconds),
                        "resolvedSoonerSeconds": .number(pair.resolvedSooner?.seconds),
                    ])
                }),
        ])
    }

    /// "nowcast 2h sooner", "nowcast 30min later", "at the same poll".
    private static func lead(_ sooner: Duration, _ source: String) -> String {
        if sooner == .zero { return "at the same poll" }
        let length = DurationSyntax.format(BacktestReport.wholeMinutes(sooner < .zero ? .zero - sooner : sooner))
        return "\(source) \(length) " + (sooner < .zero ? "later" : "sooner")
    }
}
