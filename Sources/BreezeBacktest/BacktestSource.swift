import BreezeModel
import BreezeVocabulary

/// The alerting AQI a replay judges (`breezectl backtest --source`): EPA's NowCast as AirNow
/// reports it, computed from the history's hourly concentrations, or Open-Meteo's `us_aqi`.
public enum BacktestSource: String, Sendable, CaseIterable, Equatable {
    case nowcast
    case openMeteo = "open-meteo"

    /// The name the command and its output use.
    public var name: String { rawValue }

    /// `history` with each hour's AQI the source's: unchanged for `open-meteo`; for `nowcast`
    /// rated by `NowCastHistory`.
    public func rate(_ history: [HistoryHour]) -> RatedHistory {
        switch self {
        case .openMeteo: RatedHistory(hours: history, fallbackHours: 0)
        case .nowcast: NowCastHistory.rate(history)
        }
    }
}

/// A history as one source rates it.
public struct RatedHistory: Sendable, Equatable {
    /// The hours, each with the source's AQI (and dominant pollutant where it gives one).
    public var hours: [HistoryHour]
    /// Hours for which no pollutant had a NowCast (too few hours), so Open-Meteo's `us_aqi`
    /// stands in, as the daemon's fallback does; 0 for `open-meteo`.
    public var fallbackHours: Int

    public init(hours: [HistoryHour], fallbackHours: Int) {
        self.hours = hours
        self.fallbackHours = fallbackHours
    }
}

extension Backtest {
    /// Rates `history` by `source` and replays it (see `replay(_:for:span:)`); the span is the
    /// history's own, so both sources of `--source both` poll the same instants.
    public static func replay(
        _ history: [HistoryHour], for subject: BacktestCity, source: BacktestSource, span: HistorySpan? = nil
    ) -> SourceBacktest {
        let rated = source.rate(history)
        return SourceBacktest(
            source: source.name, result: replay(rated.hours, for: subject, span: span ?? HistorySpan.covering(history)),
            fallbackHours: rated.fallbackHours)
    }
}
