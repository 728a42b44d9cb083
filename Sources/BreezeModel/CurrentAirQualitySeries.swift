/// The current AQI as AirNow reports it for **every hour** of a series, in one pass: hour `h`
/// gives exactly what `CurrentAirQuality(hour: h, in: series)` gives — its overall outcome (the
/// AQI and dominant key, beyond the AQI, undetermined, or no index: fall back to Open-Meteo's
/// `us_aqi`) and each pollutant's averaged concentration — at a fraction of the cost, for
/// `breezectl backtest`'s 92 days of hours per city.
///
/// Exactly, not approximately: each hour is rated by `HourRating`, the same averages over the
/// same hours in the same order as `CurrentAirQuality`'s, so the binary averages agree to the
/// last bit. A running sum would be cheaper by a few additions but rounds differently from a
/// fresh one, and could move an average across a truncation step. Nothing is allocated per
/// hour but the results themselves.
///
/// `init(_:hours:)` rates only some hours (the status page's last 48, a digest's day): an
/// hour's rating reads only the hours before it, so it is the same as in the whole series.
public struct CurrentAirQualitySeries: Sendable, Hashable, RandomAccessCollection {
    /// Each hour's overall outcome, oldest first: element `h - startIndex` is hour `h`.
    public let outcomes: [AirQualityIndex.Outcome]
    /// The pollutants the series has a column for, in `AQIKey` order (PM2.5, PM10, O₃, CO,
    /// NO₂, SO₂): those `concentration(of:at:)` can give.
    public let pollutants: [Pollutant]
    /// The first hour rated: 0 unless `init(_:hours:)` began later.
    public let startIndex: Int
    // Per hour, per pollutant of `pollutants` (hour-major): the own key's rated concentration
    // in millionths of µg/m³, or -1 when the pollutant had too few hours.
    private let millionths: [Int64]

    /// Rates every hour of `series`, 0 ..< `series.hourCount`.
    public init(_ series: HourlyConcentrations) {
        self.init(series, hours: 0..<series.hourCount)
    }

    /// Rates the hours of `hours` that lie in `series` (0 ..< `series.hourCount`); the
    /// collection's indices are those hours.
    public init(_ series: HourlyConcentrations, hours: Range<Int>) {
        let hourCount = series.hourCount
        let first = Swift.min(Swift.max(hours.lowerBound, 0), hourCount)
        let end = Swift.max(Swift.min(hours.upperBound, hourCount), first)
        let grid = HourGrid(series, span: HourGrid.span(rating: first..<end))
        var outcomes: [AirQualityIndex.Outcome] = []
        outcomes.reserveCapacity(end - first)
        var millionths: [Int64] = []
        millionths.reserveCapacity((end - first) * grid.pollutants.count)
        let steps = HourRating.steps
        grid.withColumns { columns in
            for hour in first..<end {
                var combination = IndexCombination()
                let index = grid.columnIndex(hour)
                for (pollutant, column) in zip(grid.pollutants, columns) {
                    let own = HourRating.rate(pollutant, column, hour: index, steps, into: &combination)
                    millionths.append(own ?? -1)
                }
                outcomes.append(combination.outcome)
            }
        }
        self.outcomes = outcomes
        self.millionths = millionths
        pollutants = grid.pollutants
        startIndex = first
    }

    /// One past the last hour rated.
    public var endIndex: Int { startIndex + outcomes.count }

    /// Hour `hour`'s overall outcome (`CurrentAirQuality(hour:in:).index.outcome`).
    public subscript(hour: Int) -> AirQualityIndex.Outcome { outcomes[hour - startIndex] }

    /// The concentration `pollutant`'s own key was rated from at `hour` (µg/m³, rounded to 6
    /// decimals: `CurrentAirQuality(hour:in:).average(of:)?.concentration`); nil when it had too
    /// few hours, the series has no column for it, or `hour` was not rated.
    public func concentration(of pollutant: Pollutant, at hour: Int) -> Concentration? {
        guard indices.contains(hour), let position = pollutants.firstIndex(of: pollutant) else { return nil }
        let value = millionths[(hour - startIndex) * pollutants.count + position]
        guard value >= 0 else { return nil }
        return Concentration(ExactDecimal(significand: value, fractionDigits: 6), .microgramsPerCubicMetre)
    }
}
