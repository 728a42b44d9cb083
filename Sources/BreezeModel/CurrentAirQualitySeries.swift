/// The current AQI as AirNow reports it for **every hour** of a series, in one pass: hour `h`
/// gives exactly what `CurrentAirQuality(hour: h, in: series)` gives — its overall outcome (the
/// AQI and dominant key, beyond the AQI, undetermined, or no index: fall back to Open-Meteo's
/// `us_aqi`) and each pollutant's averaged concentration — at a fraction of the cost, for
/// `breezectl backtest`'s 92 days of hours per city.
///
/// Exactly, not approximately: every hour's NowCast and 8- and 24-hour means run through the
/// same code as `CurrentAirQuality`'s (`NowCast`, `AveragingMethod.mean`), over the same hours
/// in the same order, viewed in place (`TrailingHours`) instead of copied; so the binary
/// averages agree to the last bit and round to the same 6 decimals. A running sum would be
/// cheaper by a few additions but rounds differently from a fresh one, and could move an
/// average across a truncation step. Ratings are `SubIndex`'s exact arithmetic with the unit
/// factors multiplied out once (`MicrogramSteps`), combined by `AirQualityIndex`'s rules
/// (`IndexCombination`); nothing is allocated per hour but the results themselves.
public struct CurrentAirQualitySeries: Sendable, Hashable, RandomAccessCollection {
    /// Each hour's overall outcome, oldest first: element `h` is hour `h` of the series.
    public let outcomes: [AirQualityIndex.Outcome]
    /// The pollutants the series has a column for, in `AQIKey` order (PM2.5, PM10, O₃, CO,
    /// NO₂, SO₂): those `concentration(of:at:)` can give.
    public let pollutants: [Pollutant]
    // Per hour, per pollutant of `pollutants` (hour-major): the own key's rated concentration
    // in millionths of µg/m³, or -1 when the pollutant had too few hours.
    private let millionths: [Int64]

    /// Rates every hour of `series`, 0 ..< `series.hourCount`.
    public init(_ series: HourlyConcentrations) {
        let hourCount = series.hourCount
        let rated = PollutantAverage.ratingOrder.filter { series.column($0) != nil }
        // The columns one after another, each padded with missing hours to `hourCount` (the
        // hours past a short column's end are missing anyway), read through one buffer.
        var allColumns: [Double?] = []
        allColumns.reserveCapacity(hourCount * rated.count)
        for pollutant in rated {
            let column = series.column(pollutant) ?? []
            allColumns += column
            allColumns += repeatElement(nil, count: hourCount - column.count)
        }
        let conversions = Conversions()
        var outcomes: [AirQualityIndex.Outcome] = []
        outcomes.reserveCapacity(hourCount)
        var millionths: [Int64] = []
        millionths.reserveCapacity(hourCount * rated.count)
        allColumns.withUnsafeBufferPointer { buffer in
            let columns = rated.indices.map { position in
                UnsafeBufferPointer(rebasing: buffer[(position * hourCount)..<((position + 1) * hourCount)])
            }
            for hour in 0..<hourCount {
                var combination = IndexCombination()
                for (pollutant, column) in zip(rated, columns) {
                    let own = Self.rate(pollutant, column, hour: hour, conversions, into: &combination)
                    millionths.append(own ?? -1)
                }
                outcomes.append(combination.outcome)
            }
        }
        self.outcomes = outcomes
        self.millionths = millionths
        pollutants = rated
    }

    /// Always 0: the series' first hour.
    public var startIndex: Int { 0 }
    /// The number of hours rated.
    public var endIndex: Int { outcomes.count }

    /// Hour `hour`'s overall outcome (`CurrentAirQuality(hour:in:).index.outcome`).
    public subscript(hour: Int) -> AirQualityIndex.Outcome { outcomes[hour] }

    /// The concentration `pollutant`'s own key was rated from at `hour` (µg/m³, rounded to 6
    /// decimals: `CurrentAirQuality(hour:in:).average(of:)?.concentration`); nil when it had too
    /// few hours, the series has no column for it, or `hour` is outside the series.
    public func concentration(of pollutant: Pollutant, at hour: Int) -> Concentration? {
        guard indices.contains(hour), let position = pollutants.firstIndex(of: pollutant) else { return nil }
        let value = millionths[hour * pollutants.count + position]
        guard value >= 0 else { return nil }
        return Concentration(ExactDecimal(significand: value, fractionDigits: 6), .microgramsPerCubicMetre)
    }

    /// Rates `pollutant` at `hour` into `combination` as `CurrentAirQuality.average` does;
    /// returns its own key's concentration in millionths of µg/m³, nil with too few hours.
    private static func rate(
        _ pollutant: Pollutant, _ column: UnsafeBufferPointer<Double?>, hour: Int, _ conversions: Conversions,
        into combination: inout IndexCombination
    ) -> Int64? {
        let key = PollutantAverage.ownKey(pollutant)
        let own: Int64
        switch pollutant {
        case .pm2_5, .pm10:
            guard let value = NowCast.concentration(newestFirst: TrailingHours(column, endingAt: hour, count: 12)),
                let rounded = Self.millionths(value)
            else { return nil }
            own = rounded
            combination.add(key, conversions[key].outcome(millionths: own))
        case .o3, .co:
            guard let mean = AveragingMethod.mean(TrailingHours(column, endingAt: hour, count: 8), required: 6),
                let rounded = Self.millionths(mean)
            else { return nil }
            own = rounded
            combination.add(key, conversions[key].outcome(millionths: own))
            // The 1-hour table counts too where it defines an AQI (from 0.125 ppm).
            if pollutant == .o3, let oneHour = Self.value(column, hour).flatMap(Self.millionths) {
                let outcome = conversions[.o3_1h].outcome(millionths: oneHour)
                if outcome != .belowDefinedRange { combination.add(.o3_1h, outcome) }
            }
        case .no2, .so2:
            guard let rounded = Self.value(column, hour).flatMap(Self.millionths) else { return nil }
            own = rounded
            let outcome = conversions[key].outcome(millionths: own)
            combination.add(key, outcome)
            // Above 304 ppb the 1-hour table ends; the 24-hour mean rates the air, if it has
            // 18 of its 24 hours.
            if pollutant == .so2, outcome == .aboveDefinedRange,
                let mean = AveragingMethod.mean(TrailingHours(column, endingAt: hour, count: 24), required: 18),
                let daily = Self.millionths(mean)
            {
                combination.add(.so2_24h, conversions[.so2_24h].outcome(millionths: daily))
            }
        }
        return own
    }

    /// `value` in millionths, rounded as `AveragingMethod.concentration` rounds it.
    private static func millionths(_ value: Double) -> Int64? {
        ExactDecimal.roundedSignificand(value, fractionDigits: 6)
    }

    private static func value(_ column: UnsafeBufferPointer<Double?>, _ hour: Int) -> Double? {
        hour >= 0 && hour < column.count ? column[hour] : nil
    }

    /// The conversion of every key, made once per series.
    private struct Conversions {
        private let byPosition = AQIKey.allCases.map(MicrogramSteps.init)
        subscript(key: AQIKey) -> MicrogramSteps { byPosition[key.position] }
    }
}
