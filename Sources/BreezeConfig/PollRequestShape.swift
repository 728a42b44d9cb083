import BreezeModel

/// What each poll asks Open-Meteo for, per location, in one batched request: the one
/// definition the air-quality client sends and the cost estimate counts. Two shapes: `standard`
/// for a city whose forecast is asked for (a model run is out, or its kept one is 6 hours old:
/// `ModelRunTracker`), `withoutForecast` for the others, whose kept forecast stands.
///
/// Open-Meteo weighs a location as `max(1, v/10, v/10 × days/14)` calls, counting every
/// variable of `current` and `hourly` together (`APICost.weight`). Ten variables over at most
/// 14 days weigh exactly one call, so the shape holds ten: `us_aqi` and the sub-indices of the
/// pollutants that dominate almost always (PM2.5, PM10, O₃) in `current`, and the six
/// pollutants' hourly concentrations, 72 past hours to 5 days ahead (`standard`) or to the
/// current hour (`withoutForecast`), in `hourly`. The current concentrations are the current
/// hour of that series.
///
/// 72 past hours, not 24 and not 48: the status page charts the alerting AQI of the last 48
/// hours, each hour rated as it was then, and the oldest of them reads its own 24 trailing
/// hours (NowCast 12, O₃ and CO 8, SO₂ above 304 ppb 24). 72 + 120 hours are 8 days: still
/// exactly one call (10 variables × 8/14 days = 0.57 < 1); the body grows by a third.
public struct PollRequestShape: Sendable, Equatable {
    /// `current=`: Open-Meteo's US AQI, then the sub-indices that name the dominant pollutant.
    public var current: [String]
    /// The pollutants whose Open-Meteo sub-index `current` asks for.
    public var subIndexPollutants: [Pollutant]
    /// `hourly=`: the concentrations (µg/m³) the EPA methods average.
    public var hourly: [Pollutant]
    /// `past_hours=`: hours before the current one (NowCast reads 12, O₃ and CO 8, SO₂ 24; 72
    /// rate each of the last 48 hours from whole trailing hours, and cover the day so far in
    /// every time zone's daily mean).
    public var pastHours: Int
    /// `forecast_hours=`: the current hour and those after it (CAMS reaches about 4–5 days).
    public var forecastHours: Int

    public init(subIndexPollutants: [Pollutant], hourly: [Pollutant], pastHours: Int, forecastHours: Int) {
        self.subIndexPollutants = subIndexPollutants
        self.current = ["us_aqi"] + subIndexPollutants.map { "us_aqi_" + $0.openMeteoVariable }
        self.hourly = hourly
        self.pastHours = pastHours
        self.forecastHours = forecastHours
    }

    /// The poll's shape.
    public static let standard = PollRequestShape(
        subIndexPollutants: [.pm2_5, .pm10, .o3], hourly: Pollutant.allCases, pastHours: 72, forecastHours: 120)

    /// A poll's shape when the city's kept forecast stands: the same variables and past hours,
    /// and only the current hour ahead (its values are `current`'s). The same one call per
    /// location (10 variables × 73/24 days ≤ 14 days), an answer some 40% of `standard`'s.
    public static let withoutForecast = PollRequestShape(
        subIndexPollutants: [.pm2_5, .pm10, .o3], hourly: Pollutant.allCases, pastHours: 72, forecastHours: 1)

    /// A poll's shape when the city's kept forecast stands and its hours are kept up to the
    /// previous hour (`KeptHours`): the same variables, the 3 hours before the current one
    /// (the hour since and a couple Open-Meteo may have revised) and the current hour. Laid
    /// over the kept hours, it gives the same grid as `withoutForecast`. One call per location
    /// like the others; an answer some 6% of `withoutForecast`'s.
    public static let recent = PollRequestShape(
        subIndexPollutants: [.pm2_5, .pm10, .o3], hourly: Pollutant.allCases, pastHours: 3, forecastHours: 1)

    /// Every shape a poll asks with.
    public static let all: [PollRequestShape] = [.standard, .withoutForecast, .recent]

    /// The variables Open-Meteo counts: those of `current` and of `hourly` together.
    public var variableCount: Int { current.count + hourly.count }

    /// The days the hourly window spans, as Open-Meteo counts them (its hours / 24).
    public var days: Double { Double(pastHours + forecastHours) / 24 }

    /// Open-Meteo's weight of one location asked this way.
    public var weight: Double { APICost.weight(variables: variableCount, days: days) }

    /// The form fields after the coordinates, in order; times come as unix seconds, so none
    /// is parsed from text.
    public var formFields: [(String, String)] {
        [
            ("current", current.joined(separator: ",")),
            ("hourly", hourly.map(\.openMeteoVariable).joined(separator: ",")),
            ("past_hours", String(pastHours)), ("forecast_hours", String(forecastHours)),
            ("timeformat", "unixtime"),
        ]
    }
}
