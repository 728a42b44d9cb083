import BreezeBacktest
import BreezeConfig
import BreezeModel
import BreezeVocabulary
import FoundationEssentials

/// How `breezectl backtest` shows its replays: a block per city for people, or JSON.
enum BacktestReport {
    /// Per city: its rule, a summary line, the notifications, then one row per episode.
    /// With two sources, each one's block, then the comparison (`BacktestComparisonReport`).
    static func text(_ outcomes: [BacktestOutcome]) -> String {
        var blocks: [String] = []
        for outcome in outcomes {
            guard case .success(let replays) = outcome.result else { continue }
            for replay in replays {
                blocks.append(cityBlock(replay, subject: outcome.subject, days: outcome.days, now: outcome.now))
            }
            if let comparison = comparison(replays) {
                blocks.append(BacktestComparisonReport.text(comparison, city: outcome.subject.city, now: outcome.now))
            }
        }
        return blocks.joined(separator: "\n\n")
    }

    /// The side-by-side of two replays, nil for one.
    static func comparison(_ replays: [SourceBacktest]) -> BacktestComparison? {
        guard replays.count == 2 else { return nil }
        return BacktestComparison(first: replays[0], second: replays[1])
    }

    private static func cityBlock(_ replay: SourceBacktest, subject: BacktestCity, days: Int, now: Instant) -> String {
        var lines = summaryLines(replay, subject: subject, days: days, now: now)
        let episodes = replay.result.episodes
        guard !episodes.isEmpty else { return lines.joined(separator: "\n") }
        var rows: [[TextTable.Cell]] = [episodeHeadings.map { TextTable.Cell($0) }]
        for episode in episodes {
            rows.append(episodeCells(episode, zone: subject.city.zone, now: now).map { TextTable.Cell($0) })
        }
        lines += TextTable().lines(rows).map { "  " + $0 }
        return lines.joined(separator: "\n")
    }

    /// A replay's lines above its table of episodes: the range and polls, the rule, the
    /// episodes in all, the notifications, the hours without data. `--report`'s page shows the same.
    static func summaryLines(_ replay: SourceBacktest, subject: BacktestCity, days: Int, now: Instant) -> [String] {
        let result = replay.result
        let rule = subject.rule
        var lines = [
            // The range's start and end (today's last complete hour), as one span in the city's zone.
            "\(result.city.displayName) by \(replay.source): \(count(days, "day")) and today, "
                + TimeText.span(result.span.start, result.span.end, now: now, in: subject.city.zone) + ", "
                + "\(result.polls) polls every \(DurationSyntax.format(subject.pollInterval))",
            "  Threshold=\(rule.threshold) Hysteresis=\(rule.hysteresis) ConfirmAfter=\(rule.confirmAfter) "
                + "RepeatEvery=\(rule.repeatEvery.map(DurationSyntax.format) ?? "0") SendResolved=\(rule.sendResolved ? "yes" : "no")",
        ]
        let short = "\(result.shortEpisodes) short (\(DurationSyntax.format(result.shortEpisodeLimit)) or less)"
        lines.append(
            "  \(count(result.episodes.count, "episode")), \(short), firing \(DurationSyntax.format(wholeMinutes(result.timeFiring))) in all"
                + (result.stillFiring ? ", still firing at the end" : "")
                + (result.peakBand.map { ", worst \($0.label)" } ?? ""))
        let notified = result.notifications.map { "\($0.receiver) \($0.notifications)" }
        lines.append("  notifications: " + (notified.isEmpty ? "none (no receiver)" : notified.joined(separator: ", ")))
        if result.missingHours > 0 || result.droppedValues > 0 || result.rejectedHours > 0 {
            lines.append(
                "  without data: \(count(result.missingHours, "hour")) of \(result.span.hours)"
                    + (result.droppedValues > 0 ? ", \(count(result.droppedValues, "value")) dropped" : "")
                    + (result.rejectedHours > 0 ? ", \(count(result.rejectedHours, "entry", plural: "entries")) out of place" : ""))
        }
        if replay.fallbackHours > 0 {
            lines.append("  Open-Meteo's us_aqi stood in for \(count(replay.fallbackHours, "hour")) without a \(replay.source) value")
        }
        return lines
    }

    /// The headings of the table of episodes.
    static let episodeHeadings = ["FIRED", "RESOLVED", "LENGTH", "PEAK", ""]

    /// An episode's row: fired, resolved (or "still firing"), length, peak, and its notes
    /// (short, each escalation, the reminders), times in `zone` read on `now`'s day.
    static func episodeCells(_ episode: BacktestEpisode, zone: CivilZone, now: Instant) -> [String] {
        let time = { (instant: Instant) in TimeText.readable(instant, now: now, in: zone) }
        return [
            time(episode.firedAt),
            episode.resolvedAt.map(time) ?? "still firing",
            DurationSyntax.format(wholeMinutes(episode.duration)),
            peak(episode),
            ([episode.isShort ? "short" : nil]
                + episode.escalations.map { "↑ \($0.band.label) \(time($0.at))" }
                + [episode.reminders > 0 ? count(episode.reminders, "reminder") : nil])
                .compactMap { $0 }.joined(separator: ", "),
        ]
    }

    /// One object per city, in the configured order; a city that failed has only its name and
    /// `error`.
    /// With one source, the city's replay; with two, `source` is `both`, `sources` holds each
    /// replay (as one source gives it) and `comparison` the pairs.
    static func json(_ outcomes: [BacktestOutcome]) -> JSONOutput {
        JSONOutput.array(outcomes.map(cityObject))
    }

    private static func cityObject(_ outcome: BacktestOutcome) -> JSONOutput {
        let city = outcome.subject.city
        var object: [String: JSONOutput] = ["city": .string(city.name), "displayName": .string(city.displayName)]
        switch outcome.result {
        case .failure(let error):
            object["error"] = .string(error.description)
            return .object(object)
        case .success(let replays):
            if let comparison = comparison(replays) {
                object["source"] = .string("both")
                object["sources"] = .array(replays.map { replayObject($0, outcome: outcome, base: object) })
                object["comparison"] = BacktestComparisonReport.json(comparison)
                return .object(object)
            }
            guard let replay = replays.first else { return .object(object) }
            return replayObject(replay, outcome: outcome, base: object)
        }
    }

    private static func replayObject(
        _ replay: SourceBacktest, outcome: BacktestOutcome, base: [String: JSONOutput]
    ) -> JSONOutput {
        var object = base
        let result = replay.result
        do {
            let rule = outcome.subject.rule
            object["source"] = .string(replay.source)
            object["fallbackHours"] = .integer(replay.fallbackHours)
            object["days"] = .integer(outcome.days)
            object["from"] = .string(TimeText.rfc3339(result.span.start))
            object["until"] = .string(TimeText.rfc3339(result.span.end))
            object["polls"] = .integer(result.polls)
            object["pollIntervalSeconds"] = .number(outcome.subject.pollInterval.seconds)
            object["rule"] = .object([
                "threshold": .integer(rule.threshold), "hysteresis": .integer(rule.hysteresis),
                "confirmAfter": .integer(rule.confirmAfter),
                "repeatEverySeconds": .number(rule.repeatEvery?.seconds), "sendResolved": .bool(rule.sendResolved),
            ])
            object["episodes"] = .array(result.episodes.map(episodeObject))
            object["notifications"] = .object(
                Dictionary(result.notifications.map { ($0.receiver, .integer($0.notifications)) }, uniquingKeysWith: { first, _ in first }))
            object["events"] = .object([
                "firing": .integer(result.events.firing), "escalated": .integer(result.events.escalated),
                "reminder": .integer(result.events.reminder), "resolved": .integer(result.events.resolved),
            ])
            object["timeFiringSeconds"] = .number(result.timeFiring.seconds)
            object["shortEpisodes"] = .integer(result.shortEpisodes)
            object["shortEpisodeLimitSeconds"] = .number(result.shortEpisodeLimit.seconds)
            object["stillFiring"] = .bool(result.stillFiring)
            object["missingHours"] = .integer(result.missingHours)
            object["droppedValues"] = .integer(result.droppedValues)
            object["rejectedHours"] = .integer(result.rejectedHours)
            object["staleSpells"] = .integer(result.staleSpells)
            object["notes"] = .array(outcome.notes.map(JSONOutput.string))
        }
        return .object(object)
    }

    private static func episodeObject(_ episode: BacktestEpisode) -> JSONOutput {
        .object([
            "firedAt": .string(TimeText.rfc3339(episode.firedAt)),
            "firedAQI": .integer(episode.firedAQI), "firedBand": .text(episode.firedBand?.slug),
            "resolvedAt": .text(episode.resolvedAt.map { TimeText.rfc3339($0) }),
            "stillFiring": .bool(episode.isStillFiring),
            "durationSeconds": .number(episode.duration.seconds),
            "peakAQI": .integer(episode.peakAQI), "peakBand": .text(episode.peakBand?.slug),
            "short": .bool(episode.isShort), "reminders": .integer(episode.reminders),
            "escalations": .array(
                episode.escalations.map { escalation in
                    .object([
                        "at": .string(TimeText.rfc3339(escalation.at)),
                        "aqi": .integer(escalation.aqi), "band": .string(escalation.band.slug),
                    ])
                }),
        ])
    }

    private static func peak(_ episode: BacktestEpisode) -> String {
        guard let aqi = episode.peakAQI, let band = episode.peakBand else { return "limit" }
        return "\(aqi) \(band.label)"
    }

    /// Lengths to the minute: polls fall on whole minutes, and seconds would only be noise.
    static func wholeMinutes(_ duration: Duration) -> Duration {
        .seconds(Int64((duration.seconds / 60).rounded(.down)) * 60)
    }

    static func count(_ number: Int, _ noun: String, plural: String? = nil) -> String {
        "\(number) " + (number == 1 ? noun : plural ?? noun + "s")
    }
}
