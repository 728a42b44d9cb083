/// One hour's current AQI as `CurrentAirQuality` rates it, without building a `SubIndex`, a
/// `PollutantAverage` or an array: the outcome `CurrentAirQuality(hour:in:).index.outcome` and
/// each pollutant's own-key concentration, for the series of hourly ratings
/// (`CurrentAirQualitySeries`) and a forecast day's hours (`DailyAirQuality`).
///
/// Exactly, not approximately: the NowCast and the 8- and 24-hour means run through the same
/// code as `CurrentAirQuality`'s (`NowCast.concentration`, `AveragingMethod.mean`), over the same
/// hours in the same order, viewed in place (`TrailingHours`); so the binary averages agree to
/// the last bit and round to the same 6 decimals. Ratings are `SubIndex`'s exact arithmetic with
/// the unit factors multiplied out once (`MicrogramSteps`), combined by `AirQualityIndex`'s rules
/// (`IndexCombination`).
enum HourRating {
    /// The overall outcome of `hour` (a series index) over `grid`'s pollutants.
    static func outcome(_ grid: HourGrid, _ columns: [UnsafeBufferPointer<Double?>], hour: Int)
        -> AirQualityIndex.Outcome
    {
        var combination = IndexCombination()
        let index = grid.columnIndex(hour)
        let steps = Self.steps
        for (pollutant, column) in zip(grid.pollutants, columns) {
            _ = rate(pollutant, column, hour: index, steps, into: &combination)
        }
        return combination.outcome
    }

    /// Rates `pollutant` at `hour` (an index into `column`) into `combination` as
    /// `CurrentAirQuality.average` does; returns its own key's concentration in millionths of
    /// µg/m³, nil with too few hours. `steps` is `HourRating.steps`, fetched once by the caller.
    // Always inlined into the two loops that rate hours: as a call it cost the backtest 15 %
    // more than the same code inlined (the calls to `SubIndex.rate` and the rounding stayed
    // calls too).
    @inline(__always)
    static func rate(
        _ pollutant: Pollutant, _ column: UnsafeBufferPointer<Double?>, hour: Int, _ steps: [MicrogramSteps],
        into combination: inout IndexCombination
    ) -> Int64? {
        let key = PollutantAverage.ownKey(pollutant)
        let own: Int64
        switch pollutant {
        case .pm2_5, .pm10:
            guard let value = NowCast.concentration(newestFirst: TrailingHours(column, endingAt: hour, count: 12)),
                let rounded = millionths(value)
            else { return nil }
            own = rounded
            combination.add(key, steps[key.position].outcome(millionths: own))
        case .o3, .co:
            guard let mean = AveragingMethod.mean(TrailingHours(column, endingAt: hour, count: 8), required: 6),
                let rounded = millionths(mean)
            else { return nil }
            own = rounded
            combination.add(key, steps[key.position].outcome(millionths: own))
            // The 1-hour table counts too where it defines an AQI (from 0.125 ppm).
            if pollutant == .o3, let oneHour = value(column, hour).flatMap(millionths) {
                let outcome = steps[AQIKey.o3_1h.position].outcome(millionths: oneHour)
                if outcome != .belowDefinedRange { combination.add(.o3_1h, outcome) }
            }
        case .no2, .so2:
            guard let rounded = value(column, hour).flatMap(millionths) else { return nil }
            own = rounded
            let outcome = steps[key.position].outcome(millionths: own)
            combination.add(key, outcome)
            // Above 304 ppb the 1-hour table ends; the 24-hour mean rates the air, if it has
            // 18 of its 24 hours.
            if pollutant == .so2, outcome == .aboveDefinedRange,
                let mean = AveragingMethod.mean(TrailingHours(column, endingAt: hour, count: 24), required: 18),
                let daily = millionths(mean)
            {
                combination.add(.so2_24h, steps[AQIKey.so2_24h.position].outcome(millionths: daily))
            }
        }
        return own
    }

    /// `value` in millionths, rounded as `AveragingMethod.concentration` rounds it.
    @inline(__always)
    static func millionths(_ value: Double) -> Int64? {
        ExactDecimal.roundedSignificand(value, fractionDigits: 6)
    }

    /// The hour `hour` of `column`, nil when missing or outside it.
    static func value(_ column: UnsafeBufferPointer<Double?>, _ hour: Int) -> Double? {
        UInt(bitPattern: hour) < UInt(column.count) ? column[hour] : nil
    }

    /// The conversion of every key by `AQIKey.position`, made once.
    static let steps = AQIKey.allCases.map(MicrogramSteps.init)
}
