/// How a pollutant's hourly values become the concentration that is rated, and how many hours
/// (or 8-hour windows) that needs.
///
/// Completeness rules: NowCast needs 2 of the 3 newest hours (epa-aqi.md, "NowCast"). An 8-hour
/// average needs 6 of its 8 hours: EPA's 75 % rule (AirNow's note "Daily and Hourly AQI –
/// Ozone", forum.airnowtech.org/t/daily-and-hourly-aqi-ozone/170: "Each 8-hour average requires
/// 6 of 8 hours (75%)"; 40 CFR Part 50 Appendix U likewise). epa-aqi.md names the averages but
/// not these counts. Breeze applies the same 75 % to a 24-hour average: 18 of 24. A 1-hour value
/// needs its hour. A forecast day is never guessed: its means and 1-hour maxima need every hour
/// of the day, its 8-hour maxima also 75 % of their windows (13 of 17 for O₃, as AirNow's note
/// says; 18 of 24 for CO).
public enum AveragingMethod: String, Sendable, Hashable, CaseIterable {
    /// EPA's NowCast over the 12 newest hours (PM2.5, PM10), then the 24-hour table.
    case nowCast
    /// The mean of the 8 hours ending at the hour (O₃, CO).
    case eightHourAverage
    /// The value of the hour itself (NO₂, SO₂; O₃'s 1-hour table).
    case oneHour
    /// The mean of the 24 hours ending at the hour (SO₂ at 305 ppb and above).
    case twentyFourHourAverage
    /// The mean of a local day's hours (PM2.5, PM10 forecasts; SO₂ at 305 ppb and above).
    case dailyMean
    /// The highest 8-hour average of the windows starting within a local day (O₃, CO forecasts).
    case dailyMaximumEightHourAverage
    /// The highest hourly value of a local day (NO₂, SO₂ forecasts; O₃'s 1-hour table).
    case dailyMaximumOneHour

    /// As people write it: "NowCast", "8-hour average", "daily maximum 8-hour average".
    public var label: String {
        switch self {
        case .nowCast: "NowCast"
        case .eightHourAverage: "8-hour average"
        case .oneHour: "1-hour value"
        case .twentyFourHourAverage: "24-hour average"
        case .dailyMean: "daily mean"
        case .dailyMaximumEightHourAverage: "daily maximum 8-hour average"
        case .dailyMaximumOneHour: "daily maximum 1-hour value"
        }
    }

    /// The hours a trailing average covers and how many of them must be present (nil for the
    /// daily methods, whose needs depend on the day).
    var trailingRequirement: (hours: Int, required: Int)? {
        switch self {
        case .nowCast: (3, 2)  // of the newest 3; the average itself spans 12
        case .eightHourAverage: (8, 6)
        case .oneHour: (1, 1)
        case .twentyFourHourAverage: (24, 18)
        case .dailyMean, .dailyMaximumEightHourAverage, .dailyMaximumOneHour: nil
        }
    }

    /// The mean of the present values of `hours`, or nil when fewer than `required` are present.
    /// Summed in the order given (newest first for trailing windows), so the same hours always
    /// give the same binary mean.
    static func mean(_ hours: some Sequence<Double?>, required: Int) -> Double? {
        var sum = 0.0
        var present = 0
        for case let value? in hours {
            sum += value
            present += 1
        }
        guard present > 0, present >= required else { return nil }
        return sum / Double(present)
    }

    /// `value` (µg/m³) as the exact calculator takes it. Averages are binary arithmetic, so they
    /// are first rounded to 6 decimals (as `NowCast.subIndex` does): eight hours of 35.9 stay
    /// 35.9 and do not drop a truncation step. Checked hours are at most 10⁹, so this fits.
    static func concentration(_ value: Double) -> Concentration? {
        ExactDecimal(value, roundedToFractionDigits: 6).map { Concentration($0, .microgramsPerCubicMetre) }
    }
}

/// Why a pollutant has no sub-index: too few of the hours (or 8-hour windows) its averaging
/// method needs. Not a number, so nothing is guessed from the rest.
public struct TooFewHours: Sendable, Hashable, CustomStringConvertible {
    /// The pollutant.
    public let pollutant: Pollutant
    /// The method that could not be applied.
    public let method: AveragingMethod
    /// How many hours (windows) were present.
    public let present: Int
    /// How many the method needs.
    public let required: Int
    /// How many were looked at.
    public let considered: Int
    /// Whether the counts are of valid 8-hour windows rather than hours.
    public let countsWindows: Bool

    /// `pollutant`'s `method` had `present` of `considered` hours, `required` needed.
    public init(
        _ pollutant: Pollutant, _ method: AveragingMethod, present: Int, required: Int, considered: Int,
        countsWindows: Bool = false
    ) {
        self.pollutant = pollutant
        self.method = method
        self.present = present
        self.required = required
        self.considered = considered
        self.countsWindows = countsWindows
    }

    /// `PM2.5 NowCast: 1 of the 3 newest hours present, 2 required`.
    public var description: String {
        let counted = countsWindows
            ? (considered == 1 ? "valid 8-hour window" : "valid 8-hour windows") : (considered == 1 ? "hour" : "hours")
        let which = method == .nowCast ? "of the \(considered) newest \(counted)" : "of \(considered) \(counted)"
        return "\(pollutant.label) \(method.label): \(present) \(which) present, \(required) required"
    }
}
