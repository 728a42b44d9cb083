/// A coming local day's AQI the way EPA forecasts it ("Action Days"), from hourly forecast
/// concentrations: per pollutant the daily value `DailyAverage` describes, the day's peak AQI
/// (the highest sub-index), and how many of its hours Breeze's alerting AQI is expected to be at
/// or above a threshold.
///
/// A day is never guessed: when no pollutant has any value in it (the forecast model's horizon
/// ends before it, a forecast shorter than asked) it lies beyond the forecast horizon; when some
/// pollutant the series has values for (on any day) lacks hours in it, it is incomplete.
public struct ForecastDay: Sendable, Hashable {
    /// What the forecast says about the day.
    public enum Outcome: Sendable, Hashable {
        /// Every pollutant the series has values for has all it needs that day.
        case rated(DailyAirQuality)
        /// Some pollutant lacks hours that day; each reason says which and how many.
        case incomplete([TooFewHours])
        /// No pollutant has any value that day.
        case beyondTheForecastHorizon
        /// The range given is no local day: a day has 23 to 25 hours (24, or a clock change).
        /// `hours` is the range's length, `Int.max` for a range longer than that.
        case notALocalDay(hours: Int)
    }

    /// The series indices of the day's local hours, oldest first (midnight to midnight).
    public let hours: Range<Int>
    /// The result.
    public let outcome: Outcome

    /// Local days have 23, 24 or 25 hours.
    public static let hoursInALocalDay = 23...25

    /// Forecasts the day made of `hours` (indices into `series`' columns; indices past the
    /// columns' end are missing hours), counting hours at or above `threshold` (an AQI).
    public init(hours: Range<Int>, in series: HourlyConcentrations, threshold: Int) {
        self.hours = hours
        // `Range.count` traps past Int.max (Int.min..<Int.max); count without it.
        let (length, overflow) = hours.upperBound.subtractingReportingOverflow(hours.lowerBound)
        guard !overflow, Self.hoursInALocalDay.contains(length) else {
            outcome = .notALocalDay(hours: overflow ? .max : length)
            return
        }
        // Every pollutant the series forecasts at all counts for every day: one whose values end
        // before this day makes the day incomplete rather than rated from the others.
        let forecast = PollutantAverage.ratingOrder.filter { series.hasAnyValue($0, in: 0..<Int.max) }
        guard forecast.contains(where: { series.hasAnyValue($0, in: hours) }) else {
            outcome = .beyondTheForecastHorizon
            return
        }
        // The day's hours, the 23 before its first (its hourly AQIs' trailing hours) and the 7
        // after its last (its last 8-hour windows), copied once.
        let grid = HourGrid(series, span: HourGrid.span(rating: hours, ahead: 7))
        outcome = grid.withColumns { columns in
            let pollutants = forecast.map { pollutant in
                let column = grid.position(of: pollutant).map { columns[$0] } ?? UnsafeBufferPointer(start: nil, count: 0)
                return DailyAverage.average(pollutant, day: hours, in: grid, column: column)
            }
            let missing = pollutants.compactMap(\.tooFewHours)
            guard missing.isEmpty else { return .incomplete(missing) }
            return .rated(DailyAirQuality(pollutants: pollutants, hours: hours, in: grid, columns, threshold: threshold))
        }
    }

    /// Each day of `days` forecast from `series` (see `init(hours:in:threshold:)`).
    public static func days(_ days: [Range<Int>], in series: HourlyConcentrations, threshold: Int) -> [ForecastDay] {
        days.map { ForecastDay(hours: $0, in: series, threshold: threshold) }
    }

    /// The day's rating, nil unless rated.
    public var rating: DailyAirQuality? {
        if case .rated(let rating) = outcome { return rating }
        return nil
    }
}

/// A rated forecast day: the daily averages, the peak AQI and the hours above a threshold.
public struct DailyAirQuality: Sendable, Hashable {
    /// Each pollutant forecast that day, in `AQIKey` order, with its daily concentration.
    public let pollutants: [PollutantAverage]
    /// The day's AQI: the highest daily sub-index and its (dominant) pollutant.
    public let index: AirQualityIndex
    /// The threshold the hours were counted against.
    public let threshold: Int
    /// Hours of the day whose hourly AQI (`CurrentAirQuality` at that hour: NowCast PM, trailing
    /// 8-hour O₃ and CO, 1-hour NO₂ and SO₂ — the alerting AQI Breeze would show then) is at or
    /// above `threshold`. Beyond the AQI counts; an undetermined hour (above what an averaging
    /// period defines, e.g. 8-hour O₃ over 0.200 ppm = AQI over 300) counts when the threshold is
    /// at most that table's top.
    public let hoursAboveThreshold: Int
    /// Hours of the day without an hourly AQI (too few hours before them for any average).
    public let hoursWithoutIndex: Int

    /// The day of `pollutants`, its hours' AQIs rated from `columns` (those of `grid`).
    init(
        pollutants: [PollutantAverage], hours: Range<Int>, in grid: HourGrid, _ columns: [UnsafeBufferPointer<Double?>],
        threshold: Int
    ) {
        self.pollutants = pollutants
        index = AirQualityIndex(subIndices: pollutants.flatMap(\.subIndices))
        self.threshold = threshold
        var above = 0
        var without = 0
        for hour in hours {
            // `CurrentAirQuality(hour:in:).index.outcome`, without its sub-indices.
            let hourly = HourRating.outcome(grid, columns, hour: hour)
            if hourly == .noIndex { without += 1 }
            if Self.reaches(hourly, threshold) { above += 1 }
        }
        hoursAboveThreshold = above
        hoursWithoutIndex = without
    }

    /// The peak AQI, nil when the peak is beyond the AQI or undetermined.
    public var peakAQI: Int? { index.aqi }
    /// The peak's band (Hazardous beyond the AQI).
    public var band: Band? { index.band }
    /// The pollutant responsible for the peak.
    public var dominant: AQIKey? { index.dominant }

    /// Whether `outcome` is at or above `threshold` (see `hoursAboveThreshold`).
    static func reaches(_ outcome: AirQualityIndex.Outcome, _ threshold: Int) -> Bool {
        switch outcome {
        case .index(let value, _): value >= threshold
        case .beyondTheAQI: true
        case .undetermined(let key): threshold <= BreakpointTable.rows(for: key).last!.indices.upperBound
        case .noIndex: false
        }
    }
}

extension ForecastDay.Outcome {
    /// Why the day has no forecast AQI, as a sentence for people (the page, `breezectl now
    /// --forecast`): `The forecast does not reach this day.`, `The forecast is missing hours
    /// of this day (…).`; nil for a rated day.
    public var note: String? {
        switch self {
        case .rated: nil
        case .beyondTheForecastHorizon: "The forecast does not reach this day."
        case .incomplete(let missing):
            "The forecast is missing hours of this day (" + missing.map(String.init(describing:)).joined(separator: "; ")
                + ")."
        case .notALocalDay(let hours): "This is not a whole local day (\(hours) hours)."
        }
    }
}
