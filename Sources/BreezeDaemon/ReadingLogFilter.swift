import BreezeConfig
import BreezeModel
import Synchronization

/// What a person reads in a city's reading record, and what `LogReadings=changes` compares:
/// whether the city got data, its alerting AQI and band, the dominant pollutant, which AQI was
/// used (NowCast or Open-Meteo's), and whether each note is there — the fallback to Open-Meteo's
/// `us_aqi`, pollutants left out, dropped values, hourly-series problems. The concentrations, Open-Meteo's AQI beside
/// NowCast and the wording of a note are not compared: they move every hour without anyone
/// needing to read them again.
public struct ReadingHeadline: Sendable, Equatable {
    /// Whether the city's answer brought data, only nulls, or failed (its error is logged
    /// apart, every cycle: only its recovery matters here).
    public enum Outcome: Sendable, Equatable {
        case data, noValues, failed
    }

    public var outcome: Outcome
    public var aqi: Int?
    public var band: Band?
    public var dominantPollutant: Pollutant?
    public var source: AQISource?
    public var fellBack = false
    public var leftOut = false
    public var droppedValues = false
    public var hourlyProblems = false

    /// A reading with data, as `DaemonRecords.reading` writes it.
    public init(_ reading: Reading, alerting: AlertingAQI, hourlyProblems: [String]) {
        outcome = .data
        aqi = alerting.aqi
        band = alerting.band
        dominantPollutant = alerting.dominantPollutant
        source = alerting.source
        fellBack = alerting.fallbackReason != nil
        leftOut = !alerting.leftOut.isEmpty
        droppedValues = !reading.droppedValues.isEmpty
        self.hourlyProblems = !hourlyProblems.isEmpty
    }

    /// An answer with every value null, or a failed request.
    public init(_ outcome: Outcome) {
        self.outcome = outcome
    }
}

/// Decides, per city, whether a cycle logs its reading record (`LogReadings=`): `all` always,
/// `none` never, `changes` when the city's `ReadingHeadline` differs from the last one the
/// journal showed for it — so also the first time a city is seen (the first cycle after a start
/// or a reload: each builds a new filter) and when a city answers again after a failure or after
/// only nulls. One per `DaemonPlan`; the poll cycle asks it for every city.
public final class ReadingLogFilter: Sendable {
    public let setting: LogReadingsSetting
    /// Per city (by name), what its last logged record said.
    private let lastLogged = Mutex<[String: ReadingHeadline]>([:])

    public init(_ setting: LogReadingsSetting = .all) {
        self.setting = setting
    }

    /// Whether to log `city`'s reading record saying `headline`; remembers it when so.
    public func logs(_ headline: ReadingHeadline, city: String) -> Bool {
        switch setting {
        case .all: return true
        case .none: return false
        case .changes:
            return lastLogged.withLock { lastLogged in
                guard lastLogged[city] != headline else { return false }
                lastLogged[city] = headline
                return true
            }
        }
    }

    /// `city`'s request failed: its failure record (never filtered) is what the journal last
    /// showed, so its next reading is logged as the recovery.
    public func failed(city: String) {
        guard setting == .changes else { return }
        lastLogged.withLock { $0[city] = ReadingHeadline(.failed) }
    }
}
