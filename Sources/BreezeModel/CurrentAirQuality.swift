/// The current AQI the way AirNow reports it, from hourly concentrations (µg/m³), for one hour.
///
/// Per pollutant (epa-aqi.md, "Current AQI the way AirNow reports it"):
/// - PM2.5, PM10: EPA's NowCast of the 12 hours ending at the hour (2 of the 3 newest needed),
///   rated on the 24-hour table.
/// - O₃: the 8-hour average ending at the hour (6 of 8 needed); where the hour's own value is at
///   least 0.125 ppm the 1-hour table rates it too and the higher sub-index counts.
/// - CO: the 8-hour average ending at the hour (6 of 8 needed).
/// - NO₂, SO₂: the hour's own value; 1-hour SO₂ above 304 ppb (≥ 305) is rated on the 24-hour
///   table from the 24 hours ending at the hour (18 of 24 needed), as EPA's table requires.
///
/// Averages are rounded to 6 decimals, then converted to ppm or ppb exactly (25 °C, 1 atm),
/// truncated and rated by `SubIndex`; above a table's top is "beyond the AQI", never
/// extrapolated. The overall index is `AirQualityIndex`'s: the highest sub-index and its
/// pollutant. When no pollutant has enough hours the index is `.noIndex`: fall back to
/// Open-Meteo's `us_aqi` and say so.
///
/// For every hour of a series (a backtest), `CurrentAirQualitySeries` gives the same outcome and
/// concentrations in one pass, at about a seventh of the cost.
public struct CurrentAirQuality: Sendable, Hashable {
    /// The hour rated: an index into the series' columns.
    public let hour: Int
    /// Each pollutant the series has a column for, in `AQIKey` order (PM2.5, PM10, O₃, CO, NO₂,
    /// SO₂): its averaged concentration and sub-index, or why none.
    public let pollutants: [PollutantAverage]
    /// The overall AQI of the rated pollutants; `.noIndex` when none is rated.
    public let index: AirQualityIndex

    /// The most hours a rating reads, the rated hour included: SO₂'s 24-hour mean.
    static let longestTrailingHours = 24

    /// Rates `hour` (an index into `series`' columns; an hour outside them has no values).
    public init(hour: Int, in series: HourlyConcentrations) {
        let grid = HourGrid(series, span: HourGrid.span(rating: hour...hour))
        self.hour = hour
        pollutants = grid.withColumns { columns in
            zip(grid.pollutants, columns).map { pollutant, column in
                Self.average(pollutant, endingAt: grid.columnIndex(hour), in: column)
            }
        }
        index = AirQualityIndex(subIndices: pollutants.flatMap(\.subIndices))
        // Clamped, so an hour at either end of Int's range cannot trap.
        let window = (hour > Int.min + Self.longestTrailingHours ? hour - Self.longestTrailingHours + 1 : Int.min)
            ..< (hour < Int.max ? hour + 1 : Int.max)
        interrupted = pollutants.compactMap { average in
            average.tooFewHours != nil && series.hasAnyValue(average.pollutant, in: window) ? average.pollutant : nil
        }
    }

    /// The pollutant averages that have no sub-index, each with its reason.
    public var unrated: [TooFewHours] { pollutants.compactMap(\.tooFewHours) }

    /// The unrated pollutants that have values in the 24 hours ending at the hour: a gap left
    /// them out, so the index of the rest may understate the air. An unrated pollutant with no
    /// value in all those hours is one the source does not report here, not a gap.
    public let interrupted: [Pollutant]

    /// Whether no pollutant is rated, so the caller must fall back to Open-Meteo's `us_aqi`.
    public var needsFallback: Bool { index.outcome == .noIndex }

    /// The average for `pollutant`, by the method its table prescribes.
    public func average(of pollutant: Pollutant) -> PollutantAverage? {
        pollutants.first { $0.pollutant == pollutant }
    }

    /// `pollutant`'s average at `hour`, an index into `column` (its checked hours).
    static func average(_ pollutant: Pollutant, endingAt hour: Int, in column: UnsafeBufferPointer<Double?>)
        -> PollutantAverage
    {
        let key = PollutantAverage.ownKey(pollutant)
        switch pollutant {
        case .pm2_5, .pm10:
            let hours = TrailingHours(column, endingAt: hour, count: 12)
            guard let subIndex = NowCast.subIndex(key, newestFirst: hours) else {
                return tooFew(pollutant, .nowCast, hours.prefix(3))
            }
            return PollutantAverage(pollutant, .nowCast, .rated([subIndex]))
        case .o3, .co:
            let hours = TrailingHours(column, endingAt: hour, count: 8)
            guard let mean = AveragingMethod.mean(hours, required: 6),
                let own = PollutantAverage.rate(key, microgramsPerCubicMetre: mean)
            else { return tooFew(pollutant, .eightHourAverage, hours[...]) }
            let oneHour = pollutant == .o3 ? HourRating.value(column, hour) : nil
            return PollutantAverage(
                pollutant, .eightHourAverage, .rated(PollutantAverage.withAlternative(own, oneHourOzone: oneHour)))
        case .no2, .so2:
            guard let value = HourRating.value(column, hour),
                let own = PollutantAverage.rate(key, microgramsPerCubicMetre: value)
            else { return tooFew(pollutant, .oneHour, CollectionOfOne<Double?>(nil)) }
            let subIndices = PollutantAverage.withAlternative(own) {
                AveragingMethod.mean(TrailingHours(column, endingAt: hour, count: 24), required: 18)
            }
            return PollutantAverage(pollutant, .oneHour, .rated(subIndices))
        }
    }

    private static func tooFew<Hours: Collection<Double?>>(_ pollutant: Pollutant, _ method: AveragingMethod, _ hours: Hours)
        -> PollutantAverage
    {
        let required = method.trailingRequirement?.required ?? hours.count
        var present = 0
        for case .some in hours { present += 1 }
        let reason = TooFewHours(pollutant, method, present: present, required: required, considered: hours.count)
        return PollutantAverage(pollutant, method, .tooFewHours(reason))
    }
}
