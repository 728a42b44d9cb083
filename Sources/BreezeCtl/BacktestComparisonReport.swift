import BreezeBacktest
import BreezeConfig
import BreezeModel
import BreezeVocabulary

/// `breezectl backtest --source both`'s side by side: each pair of overlapping episodes, how
/// much sooner the first source fired and resolved, and the episodes only one source had.
enum BacktestComparisonReport {
    static func text(_ comparison: BacktestComparison, city: City, now: Instant) -> String {
        let first = comparison.first.source
        let second = comparison.second.source
        var lines = [
            "\(city.displayName), \(first) beside \(second): "
                + "\(BacktestReport.count(comparison.pairs.count, "pair")) of overlapping episodes, "
                + "\(comparison.onlyFirst) only by \(first), \(comparison.onlySecond) only by \(second)"
        ]
        guard !comparison.pairs.isEmpty else { return lines.joined(separator: "\n") }
        var rows: [[TextTable.Cell]] = [
            ["\(first.uppercased()) FIRED", "\(second.uppercased()) FIRED", "FIRED", "RESOLVED"].map { TextTable.Cell($0) }
        ]
        for pair in comparison.pairs {
            let left = comparison.first.result.episodes[pair.first]
            let right = comparison.second.result.episodes[pair.second]
            rows.append(
                [
                    TimeText.readable(left.firedAt, now: now, in: city.zone),
                    TimeText.readable(right.firedAt, now: now, in: city.zone),
                    lead(pair.firedSooner, first),
                    pair.resolvedSooner.map { lead($0, first) } ?? "still firing",
                ].map { TextTable.Cell($0) })
        }
        lines += TextTable().lines(rows).map { "  " + $0 }
        return lines.joined(separator: "\n")
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
