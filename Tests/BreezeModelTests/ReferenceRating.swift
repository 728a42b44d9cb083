@testable import BreezeModel

/// The ratings as they were written before `HourGrid`/`HourRating` (main a588174), kept
/// straightforward as the reference the fast paths must equal bit for bit: every window an
/// array built from `value(_:at:)`, every hour a full `CurrentAirQuality` with its
/// `SubIndex`es, every forecast hour rated alone.
enum ReferenceRating {
    /// `count` hours ending at `hour`, newest first; nil outside the series or on overflow.
    static func hours(_ series: HourlyConcentrations, _ pollutant: Pollutant, endingAt hour: Int, count: Int) -> [Double?] {
        (0..<max(0, count)).map { back in
            let (index, overflow) = hour.subtractingReportingOverflow(back)
            return overflow ? nil : series.value(pollutant, at: index)
        }
    }

    /// `count` hours starting at `hour`, oldest first.
    static func hours(_ series: HourlyConcentrations, _ pollutant: Pollutant, startingAt hour: Int, count: Int) -> [Double?] {
        (0..<max(0, count)).map { ahead in
            let (index, overflow) = hour.addingReportingOverflow(ahead)
            return overflow ? nil : series.value(pollutant, at: index)
        }
    }

    static func hasColumn(_ series: HourlyConcentrations, _ pollutant: Pollutant) -> Bool {
        series.columns[pollutant] != nil
    }

    static func hasAnyValue(_ series: HourlyConcentrations, _ pollutant: Pollutant, in hours: Range<Int>) -> Bool {
        guard let column = series.columns[pollutant] else { return false }
        return column[hours.clamped(to: column.indices)].contains { $0 != nil }
    }

    // MARK: CurrentAirQuality

    struct Hour: Equatable {
        var pollutants: [PollutantAverage]
        var index: AirQualityIndex
    }

    static func currentAirQuality(hour: Int, in series: HourlyConcentrations) -> Hour {
        let pollutants = PollutantAverage.ratingOrder.compactMap { pollutant -> PollutantAverage? in
            guard hasColumn(series, pollutant) else { return nil }
            return average(pollutant, endingAt: hour, in: series)
        }
        return Hour(pollutants: pollutants, index: AirQualityIndex(subIndices: pollutants.flatMap(\.subIndices)))
    }

    static func average(_ pollutant: Pollutant, endingAt hour: Int, in series: HourlyConcentrations) -> PollutantAverage {
        let key = PollutantAverage.ownKey(pollutant)
        switch pollutant {
        case .pm2_5, .pm10:
            let hours = ReferenceRating.hours(series, pollutant, endingAt: hour, count: 12)
            guard let subIndex = NowCast.subIndex(key, hourly: hours) else {
                return tooFew(pollutant, .nowCast, hours.prefix(3))
            }
            return PollutantAverage(pollutant, .nowCast, .rated([subIndex]))
        case .o3, .co:
            let hours = ReferenceRating.hours(series, pollutant, endingAt: hour, count: 8)
            guard let mean = AveragingMethod.mean(hours, required: 6),
                let own = PollutantAverage.rate(key, microgramsPerCubicMetre: mean)
            else { return tooFew(pollutant, .eightHourAverage, hours[...]) }
            let oneHour = pollutant == .o3 ? series.value(.o3, at: hour) : nil
            return PollutantAverage(
                pollutant, .eightHourAverage, .rated(PollutantAverage.withAlternative(own, oneHourOzone: oneHour)))
        case .no2, .so2:
            guard let value = series.value(pollutant, at: hour),
                let own = PollutantAverage.rate(key, microgramsPerCubicMetre: value)
            else { return tooFew(pollutant, .oneHour, [nil]) }
            let subIndices = PollutantAverage.withAlternative(own) {
                AveragingMethod.mean(ReferenceRating.hours(series, .so2, endingAt: hour, count: 24), required: 18)
            }
            return PollutantAverage(pollutant, .oneHour, .rated(subIndices))
        }
    }

    static func tooFew(_ pollutant: Pollutant, _ method: AveragingMethod, _ hours: ArraySlice<Double?>) -> PollutantAverage {
        let required = method.trailingRequirement?.required ?? hours.count
        let reason = TooFewHours(
            pollutant, method, present: hours.compactMap { $0 }.count, required: required, considered: hours.count)
        return PollutantAverage(pollutant, method, .tooFewHours(reason))
    }

    // MARK: ForecastDay

    enum DayOutcome: Equatable {
        case rated(pollutants: [PollutantAverage], index: AirQualityIndex, threshold: Int, above: Int, without: Int)
        case incomplete([TooFewHours])
        case beyondTheForecastHorizon
        case notALocalDay(hours: Int)
    }

    static func forecastDay(hours: Range<Int>, in series: HourlyConcentrations, threshold: Int) -> DayOutcome {
        let (length, overflow) = hours.upperBound.subtractingReportingOverflow(hours.lowerBound)
        guard !overflow, ForecastDay.hoursInALocalDay.contains(length) else {
            return .notALocalDay(hours: overflow ? .max : length)
        }
        let forecast = PollutantAverage.ratingOrder.filter { hasAnyValue(series, $0, in: 0..<Int.max) }
        guard forecast.contains(where: { hasAnyValue(series, $0, in: hours) }) else { return .beyondTheForecastHorizon }
        let pollutants = forecast.map { dailyAverage($0, day: hours, in: series) }
        let missing = pollutants.compactMap(\.tooFewHours)
        guard missing.isEmpty else { return .incomplete(missing) }
        var above = 0
        var without = 0
        for hour in hours {
            let hourly = currentAirQuality(hour: hour, in: series).index
            if hourly.outcome == .noIndex { without += 1 }
            if reaches(hourly, threshold) { above += 1 }
        }
        return .rated(
            pollutants: pollutants, index: AirQualityIndex(subIndices: pollutants.flatMap(\.subIndices)),
            threshold: threshold, above: above, without: without)
    }

    static func reaches(_ index: AirQualityIndex, _ threshold: Int) -> Bool {
        switch index.outcome {
        case .index(let value, _): value >= threshold
        case .beyondTheAQI: true
        case .undetermined(let key): threshold <= BreakpointTable.rows(for: key).last!.indices.upperBound
        case .noIndex: false
        }
    }

    static func dailyAverage(_ pollutant: Pollutant, day: Range<Int>, in series: HourlyConcentrations) -> PollutantAverage {
        let key = PollutantAverage.ownKey(pollutant)
        let hours = ReferenceRating.hours(series, pollutant, startingAt: day.lowerBound, count: day.count)
        let present = hours.compactMap { $0 }
        let method: AveragingMethod =
            switch pollutant {
            case .pm2_5, .pm10: .dailyMean
            case .o3, .co: .dailyMaximumEightHourAverage
            case .no2, .so2: .dailyMaximumOneHour
            }
        guard present.count == hours.count, let highestHour = present.max() else {
            let reason = TooFewHours(pollutant, method, present: present.count, required: hours.count, considered: hours.count)
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
            let firstOffset = pollutant == .o3 ? max(0, day.count - 17) : 0
            let starts = day.dropFirst(firstOffset)
            var highest: Double?
            var valid = 0
            for start in starts {
                guard let mean = AveragingMethod.mean(ReferenceRating.hours(series, pollutant, startingAt: start, count: 8), required: 6)
                else { continue }
                valid += 1
                highest = max(highest ?? mean, mean)
            }
            let required = (starts.count * 3 + 3) / 4
            guard let highest = valid >= required && valid > 0 ? highest : nil else {
                let reason = TooFewHours(
                    pollutant, method, present: valid, required: required, considered: starts.count, countsWindows: true)
                return PollutantAverage(pollutant, method, .tooFewHours(reason))
            }
            guard let own = PollutantAverage.rate(key, microgramsPerCubicMetre: highest) else { break }
            let oneHour = pollutant == .o3 ? highestHour : nil
            return PollutantAverage(
                pollutant, method, .rated(PollutantAverage.withAlternative(own, oneHourOzone: oneHour)))
        }
        let reason = TooFewHours(pollutant, method, present: 0, required: hours.count, considered: hours.count)
        return PollutantAverage(pollutant, method, .tooFewHours(reason))
    }

    /// `ForecastDay.Outcome` in the reference's terms.
    static func outcome(_ day: ForecastDay) -> DayOutcome {
        switch day.outcome {
        case .rated(let rating):
            .rated(
                pollutants: rating.pollutants, index: rating.index, threshold: rating.threshold,
                above: rating.hoursAboveThreshold, without: rating.hoursWithoutIndex)
        case .incomplete(let missing): .incomplete(missing)
        case .beyondTheForecastHorizon: .beyondTheForecastHorizon
        case .notALocalDay(let hours): .notALocalDay(hours: hours)
        }
    }
}
