import BreezeBacktest
import BreezeCommandLine
import BreezeFiles
import BreezeVocabulary
import BreezeWeb

#if canImport(Glibc)
import Glibc
#endif

/// `breezectl backtest --report PATH`: the replays drawn on one page (`BacktestReportPage`,
/// BreezeWeb), with the text report's own lines and rows, written atomically.
enum BacktestReportFile {
    /// The page of `outcomes`, replayed over `days` days at `now`.
    static func page(_ outcomes: [BacktestOutcome], days: Int, now: Instant) -> [UInt8] {
        let cities = outcomes.map { outcome in
            let subject = outcome.subject
            switch outcome.result {
            case .failure(let error):
                return BacktestReportCity(city: subject.city, rule: subject.rule, replays: [], failure: error.description)
            case .success(let replays):
                return BacktestReportCity(
                    city: subject.city, rule: subject.rule,
                    replays: replays.map { replay in
                        BacktestReportReplay(
                            replay: replay,
                            summary: BacktestReport.summaryLines(replay, subject: subject, days: outcome.days, now: outcome.now),
                            headings: BacktestReport.episodeHeadings,
                            rows: replay.result.episodes.map { BacktestReport.episodeCells($0, zone: subject.city.zone, now: outcome.now) })
                    },
                    notes: outcome.notes,
                    comparison: BacktestReport.comparison(replays).map { comparison in
                        BacktestReportComparison(
                            summary: BacktestComparisonReport.summary(comparison, city: subject.city),
                            headings: BacktestComparisonReport.headings(comparison),
                            rows: BacktestComparisonReport.rows(comparison, city: subject.city, now: outcome.now))
                    })
            }
        }
        return BacktestReportPage.render(cities, days: days, version: BreezeVersion.string, now: now)
    }

    /// Writes the page of `outcomes` to `path` (a temporary file beside it, fsynced, renamed
    /// over it: a reader never sees half a page). A failure names the path (`cannot write the
    /// report PATH: REASON`).
    static func write(_ outcomes: [BacktestOutcome], days: Int, now: Instant, to path: String) throws(FileError) {
        do {
            try AtomicFile.write(page(outcomes, days: days, now: now), to: path)
        } catch {
            throw FileError(path: path, reason: error.reason, code: error.code, action: action)
        }
    }

    /// Whether a file can be made at `path`: its folder exists and may be written. Checked
    /// before the fetch, so a mistyped path fails at once rather than after half a minute.
    static func check(_ path: String) throws(FileError) {
        let folder = AtomicFile.parentFolder(of: path)
        guard access(folder, W_OK) == 0 else {
            let failure = FileError.last(folder)
            throw FileError(path: path, reason: failure.reason, code: failure.code, action: action)
        }
    }

    private static let action = "cannot write the report"
}
