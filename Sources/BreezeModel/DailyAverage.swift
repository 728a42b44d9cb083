/// One pollutant's forecast concentration for a whole local day, the way EPA forecasts the AQI
/// (epa-aqi.md, "Forecast AQI"): PM2.5 and PM10 the day's mean (24-hour table); O₃ and CO the
/// day's highest 8-hour average; NO₂ and SO₂ the day's highest hour.
///
/// Also rated, as for the current AQI: O₃'s highest hour on the 1-hour table when it reaches
/// 0.125 ppm (the higher sub-index counts), and SO₂'s daily mean on the 24-hour table when its
/// highest hour is above 304 ppb.
///
/// Needs, never guessing: every hour of the day. The 8-hour windows are those starting within
/// the day, each valid with 6 of its 8 hours (it may run into the next day), and 75 % of them
/// valid: O₃'s 17 windows starting 07:00–23:00 (13 needed; AirNow's daily ozone AQI), CO's 24
/// starting at every hour (18 needed).
///
/// Reads the day from a `HourGrid` holding its hours and the 7 after it (where its last
/// windows run), each hour viewed in place rather than copied per window.
enum DailyAverage {
    /// `pollutant`'s day, `day` being the series indices of its local hours (oldest first), from
    /// `column` (its checked hours in `grid`; empty without a column).
    static func average(
        _ pollutant: Pollutant, day: Range<Int>, in grid: HourGrid, column: UnsafeBufferPointer<Double?>
    ) -> PollutantAverage {
        let key = PollutantAverage.ownKey(pollutant)
        let hours = LeadingHours(column, startingAt: grid.columnIndex(day.lowerBound), count: day.count)
        // The present hours' count and highest, as `compactMap` then `max()` give them (the
        // first of equal values kept).
        var presentCount = 0
        var highestHour: Double?
        for case let value? in hours {
            presentCount += 1
            if let highest = highestHour, !(highest < value) { continue }
            highestHour = value
        }
        let method: AveragingMethod =
            switch pollutant {
            case .pm2_5, .pm10: .dailyMean
            case .o3, .co: .dailyMaximumEightHourAverage
            case .no2, .so2: .dailyMaximumOneHour
            }
        guard presentCount == hours.count, let highestHour else {
            let reason = TooFewHours(pollutant, method, present: presentCount, required: hours.count, considered: hours.count)
            return PollutantAverage(pollutant, method, .tooFewHours(reason))
        }
        let dayMean = AveragingMethod.mean(hours, required: hours.count)
        switch method {
        case .dailyMean:
            guard let mean = dayMean, let own = PollutantAverage.rate(key, microgramsPerCubicMetre: mean) else { break }
            return PollutantAverage(pollutant, method, .rated([own]))
        case .dailyMaximumOneHour:
            guard let own = PollutantAverage.rate(key, microgramsPerCubicMetre: highestHour) else { break }
            return PollutantAverage(pollutant, method, .rated(PollutantAverage.withAlternative(own) { dayMean }))
        default:
            let windows = eightHourWindows(pollutant, day: day, in: grid, column: column)
            guard let highest = windows.highest else {
                let reason = TooFewHours(
                    pollutant, method, present: windows.valid, required: windows.required,
                    considered: windows.considered, countsWindows: true)
                return PollutantAverage(pollutant, method, .tooFewHours(reason))
            }
            guard let own = PollutantAverage.rate(key, microgramsPerCubicMetre: highest) else { break }
            let oneHour = pollutant == .o3 ? highestHour : nil
            return PollutantAverage(
                pollutant, method, .rated(PollutantAverage.withAlternative(own, oneHourOzone: oneHour)))
        }
        // Unreachable for checked hours (finite, 0…10⁹); said rather than trapped.
        let reason = TooFewHours(pollutant, method, present: 0, required: hours.count, considered: hours.count)
        return PollutantAverage(pollutant, method, .tooFewHours(reason))
    }

    /// The highest valid 8-hour average of the windows starting within `day`, or nil when
    /// fewer than 75 % of them are valid; with the counts for the reason.
    static func eightHourWindows(
        _ pollutant: Pollutant, day: Range<Int>, in grid: HourGrid, column: UnsafeBufferPointer<Double?>
    ) -> (highest: Double?, valid: Int, required: Int, considered: Int) {
        // O₃'s windows start at 07:00; on a day with a clock change (23 or 25 hours) the 17
        // windows are the day's last 17 hours, which keeps them ending at 07:00 the next day.
        let firstOffset = pollutant == .o3 ? max(0, day.count - 17) : 0
        let starts = day.dropFirst(firstOffset)
        var highest: Double?
        var valid = 0
        for start in starts {
            let window = LeadingHours(column, startingAt: grid.columnIndex(start), count: 8)
            guard let mean = AveragingMethod.mean(window, required: 6) else { continue }
            valid += 1
            highest = max(highest ?? mean, mean)
        }
        let required = (starts.count * 3 + 3) / 4  // ⌈75 %⌉: 13 of 17, 18 of 24
        return (valid >= required && valid > 0 ? highest : nil, valid, required, starts.count)
    }
}
