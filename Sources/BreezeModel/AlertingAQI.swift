/// What a poll gave for the current AQI from the hourly concentrations.
public enum HourlyCurrentAQI: Sendable, Hashable {
    /// The hours were whole: the current AQI as AirNow reports it.
    case rated(CurrentAirQuality)
    /// The hours the current AQI reads were not whole (or there were none): why, in a sentence.
    case unusable(String)
}

/// The AQI a city's alert rules act on, where it came from, and Open-Meteo's beside it.
///
/// With `AQISource=nowcast` it is `CurrentAirQuality`'s index at the current hour, its dominant
/// pollutant the one with the highest sub-index. A pollutant without the hours EPA's
/// completeness rules need (`AveragingMethod`) drops out, the index is the highest of the rest,
/// and `leftOut` names each one dropped and why. It falls back to Open-Meteo's `us_aqi`, saying
/// why in `fallbackReason`, when the hours are unusable (rows missing), when no pollutant has
/// enough hours, and when the index is not a number: beyond the AQI (above 500) or undetermined
/// (a table's top passed with no alternative period) — a number is never made up for those.
public struct AlertingAQI: Sendable, Hashable, Codable {
    /// Where `aqi` came from.
    public var source: AQISource
    /// The alerting value, nil when the source had none.
    public var aqi: Int?
    /// The pollutant giving `aqi`, when known.
    public var dominantPollutant: Pollutant?
    /// Open-Meteo's own `us_aqi`, nil when missing.
    public var openMeteoAQI: Int?
    /// Why `AQISource=nowcast` fell back to Open-Meteo's value; nil otherwise.
    public var fallbackReason: String?
    /// Per pollutant, the averaged concentration (µg/m³) its NowCast sub-index was rated from:
    /// NowCast for PM, the 8-hour mean for O₃ and CO, the hour's value for NO₂ and SO₂.
    public var averages: [Pollutant: Double]
    /// With NowCast rated, the pollutants left out for too few hours, each as
    /// `TooFewHours.description` ("PM2.5 NowCast: 1 of the 3 newest hours present, 2
    /// required"), in `AQIKey` order; empty when every pollutant was rated or `aqi` is
    /// Open-Meteo's (`fallbackReason` then names them).
    public var leftOut: [String]
    /// Whether a pollutant with values in the 24 hours the current AQI reads had too few of
    /// them (`CurrentAirQuality.interrupted`): a gap, so `aqi` may understate the air — rated
    /// from the rest it is a lower bound, fallen back it is Open-Meteo's lagging value.
    public var mayUnderstate: Bool
    /// With `source == .sensor`: which sensor rated `aqi`, and the model's value beside it.
    public var sensor: SensorRating?

    public init(
        source: AQISource, aqi: Int?, dominantPollutant: Pollutant?, openMeteoAQI: Int?,
        fallbackReason: String? = nil, averages: [Pollutant: Double] = [:], leftOut: [String] = [],
        mayUnderstate: Bool = false
    ) {
        self.source = source
        self.aqi = aqi
        self.dominantPollutant = dominantPollutant
        self.openMeteoAQI = openMeteoAQI
        self.fallbackReason = fallbackReason
        self.averages = averages
        self.leftOut = leftOut
        self.mayUnderstate = mayUnderstate
    }

    /// Chooses for a city configured with `configured`, from Open-Meteo's `reading` and the
    /// poll's `hourly` result (nil: the source gave no hourly series).
    public init(configured: AQISource, reading: Reading, hourly: HourlyCurrentAQI?) {
        var averages: [Pollutant: Double] = [:]
        var nowCast: (aqi: Int, dominant: Pollutant)?
        var reason: String
        var leftOut: [String] = []
        var gap = false
        switch hourly {
        case nil:
            reason = "no hourly series in the answer"
        case .unusable(let problem):
            reason = Self.unusableHours + problem
        case .rated(let current):
            leftOut = current.unrated.map(\.description)
            gap = !current.interrupted.isEmpty
            for average in current.pollutants {
                if let value = average.concentration?.value.doubleValue { averages[average.pollutant] = value }
            }
            switch current.index.outcome {
            case .index(let value, let key):
                nowCast = (value, key.pollutant)
                reason = ""
            case .beyondTheAQI(let key):
                reason = "NowCast is beyond the AQI (above 500) on \(key.pollutant.label)"
            case .undetermined(let key):
                reason = "NowCast is undetermined: \(key.label) is above its table and no other period rates it"
            case .noIndex:
                let unrated = current.unrated.map(\.description).joined(separator: "; ")
                reason = "no pollutant has enough hours for NowCast" + (unrated.isEmpty ? "" : " (\(unrated))")
            }
        }
        if configured == .nowcast, let nowCast {
            self.init(
                source: .nowcast, aqi: nowCast.aqi, dominantPollutant: nowCast.dominant,
                openMeteoAQI: reading.usAQI, averages: averages, leftOut: leftOut, mayUnderstate: gap)
        } else {
            self.init(
                source: .openMeteo, aqi: reading.usAQI, dominantPollutant: reading.dominantPollutant,
                openMeteoAQI: reading.usAQI, fallbackReason: configured == .nowcast ? reason : nil,
                averages: averages, mayUnderstate: configured == .nowcast && gap)
        }
    }

    /// Why NowCast fell back and found no Open-Meteo value either, in one sentence naming both
    /// reasons: `no pollutant has enough hours for NowCast (…), and there is no Open-Meteo
    /// us_aqi to fall back on`; nil when there is an AQI or nothing fell back.
    public var missingReason: String? {
        guard aqi == nil, let fallbackReason else { return nil }
        return fallbackReason + ", and there is no Open-Meteo us_aqi to fall back on"
    }

    /// How `fallbackReason` starts when the hours the current AQI reads were not whole.
    public static let unusableHours = "hourly series unusable: "

    /// Whether NowCast was configured but the hours had rows missing: a firing alert holds
    /// rather than resolving on Open-Meteo's lagging value.
    public var hoursWereUnusable: Bool { fallbackReason?.hasPrefix(Self.unusableHours) == true }

    /// Why a firing alert that clears at or below `clearLevel` must not act on this AQI this
    /// poll, nil when it may. It holds when the hours had rows missing, when gaps left no
    /// pollutant rated (both: Open-Meteo's value lags the smoke), and when a gap left a pollutant
    /// out (`mayUnderstate`) and the rest are at or below `clearLevel`: a lower bound can show
    /// the air is still bad, never that it has cleared — a gap in the dominant pollutant must
    /// not resolve the alert. A lower bound above `clearLevel` counts: it keeps the alert firing.
    public func holdReason(clearLevel: Int) -> String? {
        if hoursWereUnusable || (mayUnderstate && source == .openMeteo) {
            return "no NowCast this poll: " + (fallbackReason ?? Self.unusableHours)
        }
        guard mayUnderstate, source == .nowcast, let aqi, aqi <= clearLevel else { return nil }
        return "NowCast AQI \(aqi) may understate the air, as it leaves out " + leftOut.joined(separator: "; ")
    }

    /// The averages `aqi` was rated from, which a pollutant's category is rated on beside it
    /// (messages, the page, `breezectl now`): `averages` when `aqi` is NowCast's, none when it
    /// is Open-Meteo's (its own 24-hour means, which Breeze does not see), so no pollutant is
    /// rated on a value the AQI beside it was not.
    public var ratedAverages: [Pollutant: Double] { source == .nowcast ? averages : [:] }

    /// The band of the alerting value; nil without one or off the scale.
    public var band: Band? {
        aqi.flatMap { ReportedValue.aqiScale.contains($0) ? Band(aqi: $0) : nil }
    }
}

extension Pollutant {
    /// How the alerting AQI averages this pollutant (`AlertingAQI.averages`), as payloads and
    /// `breezectl now --json` name it in `ratedOn`: `nowcast`, `8-hour`, `1-hour`.
    public var alertingAveraging: String {
        switch self {
        case .pm2_5, .pm10: "nowcast"
        case .o3, .co: "8-hour"
        case .no2, .so2: "1-hour"
        }
    }

    /// What a person reads after a value rated on `alertingAveraging`: `NowCast`, `8-hour`;
    /// nil for the 1-hour value, which is the hour's own.
    public var alertingAveragingLabel: String? {
        switch self {
        case .pm2_5, .pm10: "NowCast"
        case .o3, .co: "8-hour"
        case .no2, .so2: nil
        }
    }

    /// The journal field carrying the concentration the current AQI averaged for this
    /// pollutant, by its method: `BREEZE_PM2_5_NOWCAST`, `BREEZE_PM10_NOWCAST`, `BREEZE_O3_8H`,
    /// `BREEZE_CO_8H`, `BREEZE_NO2_1H`, `BREEZE_SO2_1H`.
    public var averageField: String {
        switch self {
        case .pm2_5: "BREEZE_PM2_5_NOWCAST"
        case .pm10: "BREEZE_PM10_NOWCAST"
        case .o3: "BREEZE_O3_8H"
        case .co: "BREEZE_CO_8H"
        case .no2: "BREEZE_NO2_1H"
        case .so2: "BREEZE_SO2_1H"
        }
    }
}
