import BreezeModel
import Testing

/// Each coming day's AQI the way EPA forecasts it. Expected numbers computed independently with
/// exact fractions (see `CurrentAirQualityTests`) and noted beside each case.
struct ForecastDayTests {
    /// Four days of hours (0..<96; day 1 is 24..<48): PM2.5 8.0 µg/m³ throughout, O₃ 100.0
    /// µg/m³ except a 6-hour peak of 200.0 on day 1 from 12:00 to 17:59.
    static func peakSeries(hours: Int = 96) -> [Pollutant: [Double?]] {
        var ozone: [Double?] = Array(repeating: 100.0, count: hours)
        for hour in 36..<42 where hour < hours { ozone[hour] = 200.0 }
        return [.pm2_5: Array(repeating: 8.0, count: hours), .o3: ozone]
    }

    static func day(_ index: Int) -> Range<Int> { (24 * index)..<(24 * index + 24) }

    /// The 8-hour windows holding all six peak hours average (6 × 200 + 2 × 100) / 8 = 175.0
    /// µg/m³ = 0.089 ppm → 159; the 1-hour peak (0.101 ppm) is below the 1-hour table; PM2.5's
    /// mean 8.0 → 44. Hourly (trailing 8-hour O₃) AQIs 58, 77, 100, 119, 140, 159, 159, 159,
    /// 140, 119, 100, 77 from 12:00: three hours at or above 151, seven at or above 101.
    @Test func aDayWithASixHourPeak() throws {
        let series = HourlyConcentrations(Self.peakSeries())
        let day = ForecastDay(hours: Self.day(1), in: series, threshold: 151)
        let rating = try #require(day.rating)
        #expect(rating.index.outcome == .index(159, dominant: .o3))
        #expect(rating.peakAQI == 159)
        #expect(rating.band == .unhealthy)
        #expect(rating.dominant == .o3)
        #expect(rating.hoursAboveThreshold == 3)
        #expect(rating.hoursWithoutIndex == 0)
        let ozone = try #require(rating.pollutants.first { $0.pollutant == .o3 })
        #expect(ozone.method == .dailyMaximumEightHourAverage)
        #expect(ozone.concentration == Concentration(ExactDecimal("175")!, .microgramsPerCubicMetre))
        #expect(ozone.subIndices.map(\.key) == [.o3])
        let particles = try #require(rating.pollutants.first { $0.pollutant == .pm2_5 })
        #expect(particles.method == .dailyMean)
        #expect(particles.subIndices.first?.aqi == 44)

        #expect(ForecastDay(hours: Self.day(1), in: series, threshold: 101).rating?.hoursAboveThreshold == 7)
        // At or above: the three hours at 159 count for 159, none for 160.
        #expect(ForecastDay(hours: Self.day(1), in: series, threshold: 159).rating?.hoursAboveThreshold == 3)
        #expect(ForecastDay(hours: Self.day(1), in: series, threshold: 160).rating?.hoursAboveThreshold == 0)
        // The day after has no peak: 100.0 µg/m³ = 0.050 ppm → 46.
        #expect(ForecastDay(hours: Self.day(2), in: series, threshold: 151).rating?.index.outcome == .index(46, dominant: .o3))
    }

    /// A missing hour makes the day incomplete, naming the pollutant and the count; no guess.
    @Test func aDayWithMissingHoursIsIncomplete() {
        var columns = Self.peakSeries()
        columns[.pm2_5]![30] = nil
        columns[.pm2_5]![31] = .nan
        let day = ForecastDay(hours: Self.day(1), in: HourlyConcentrations(columns), threshold: 151)
        #expect(day.rating == nil)
        #expect(
            day.outcome == .incomplete([
                TooFewHours(.pm2_5, .dailyMean, present: 22, required: 24, considered: 24)
            ]))
        if case .incomplete(let reasons) = day.outcome {
            #expect(reasons.map(\.description) == ["PM2.5 daily mean: 22 of 24 hours present, 24 required"])
        }
    }

    /// A forecast ending within a day makes it incomplete; days past its end lie beyond the
    /// horizon. O₃'s windows run to 07:00 the next day: with none of the next day's hours only
    /// 12 of the 17 windows are valid (13 needed); with its first hour, 13.
    @Test func theHorizon() {
        let series = HourlyConcentrations(Self.peakSeries(hours: 60))
        let days = ForecastDay.days([Self.day(1), Self.day(2), Self.day(3)], in: series, threshold: 151)
        #expect(days.map(\.hours) == [24..<48, 48..<72, 72..<96])
        #expect(days[0].rating != nil)
        if case .incomplete(let reasons) = days[1].outcome {
            #expect(
                reasons.map(\.description) == [
                    "PM2.5 daily mean: 12 of 24 hours present, 24 required",
                    "O₃ daily maximum 8-hour average: 12 of 24 hours present, 24 required",
                ])
        } else {
            Issue.record("day 2 is \(days[1].outcome)")
        }
        #expect(days[2].outcome == .beyondTheForecastHorizon)

        let lastWholeDay = ForecastDay(hours: Self.day(1), in: HourlyConcentrations(Self.peakSeries(hours: 48)), threshold: 151)
        #expect(
            lastWholeDay.outcome == .incomplete([
                TooFewHours(.o3, .dailyMaximumEightHourAverage, present: 12, required: 13, considered: 17, countsWindows: true)
            ]))
        let withNextMidnight = ForecastDay(hours: Self.day(1), in: HourlyConcentrations(Self.peakSeries(hours: 49)), threshold: 151)
        #expect(withNextMidnight.rating?.peakAQI == 159)
    }

    /// NO₂ and SO₂ take the day's highest hour; CO the highest of the 24 8-hour windows.
    /// NO₂ 225.9 µg/m³ = 120 ppb → 105; CO 9623.2 µg/m³ = 8.4 ppm → 90 (EPA's worked examples).
    @Test func gasesTakeTheirDailyMaxima() throws {
        var nitrogen: [Double?] = Array(repeating: 20, count: 48)
        nitrogen[30] = 225.9
        var carbon: [Double?] = Array(repeating: 200, count: 48)
        for hour in 2..<10 { carbon[hour] = 9623.2 }  // 02:00–09:59 of day 0
        let series = HourlyConcentrations([.no2: nitrogen, .co: carbon])
        let first = try #require(ForecastDay(hours: Self.day(0), in: series, threshold: 101).rating)
        #expect(first.index.outcome == .index(90, dominant: .co))
        let second = try #require(ForecastDay(hours: Self.day(1), in: series, threshold: 101).rating)
        #expect(second.index.outcome == .index(105, dominant: .no2))
        #expect(second.pollutants.first { $0.pollutant == .no2 }?.method == .dailyMaximumOneHour)
        #expect(second.hoursAboveThreshold == 1)
    }

    /// Hours beyond the AQI count above any threshold; an undetermined hour counts up to its
    /// table's top. SO₂ 1048.2 µg/m³ = 400 ppb every hour from the series' start: hours 0–16
    /// lack the 18 hours of a 24-hour average, so their 1-hour SO₂ above 304 ppb is undetermined
    /// (worse than 200); from hour 17 (18 hours) the 24-hour table rates 400 ppb → 232. The day itself:
    /// highest hour above 304 ppb, day mean 400 ppb → 232.
    @Test func hoursBeyondTheAQIOrUndetermined() throws {
        let sulphur = HourlyConcentrations([.so2: Array(repeating: 1048.2, count: 30)])
        let day = try #require(ForecastDay(hours: Self.day(0), in: sulphur, threshold: 151).rating)
        #expect(day.index.outcome == .index(232, dominant: .so2_24h))
        #expect(day.hoursAboveThreshold == 24)
        #expect(day.hoursWithoutIndex == 0)
        #expect(ForecastDay(hours: Self.day(0), in: sulphur, threshold: 201).rating?.hoursAboveThreshold == 7)

        let smoke = HourlyConcentrations([.pm2_5: Array(repeating: 600, count: 30)])
        let smoky = try #require(ForecastDay(hours: Self.day(0), in: smoke, threshold: 500).rating)
        #expect(smoky.index.outcome == .beyondTheAQI(dominant: .pm2_5))
        #expect(smoky.peakAQI == nil)
        #expect(smoky.band == .hazardous)
        // Hour 0 has 1 of the 3 newest hours a NowCast needs: no index, not counted.
        #expect(smoky.hoursAboveThreshold == 23)
        #expect(smoky.hoursWithoutIndex == 1)
    }

    /// Days with a clock change keep O₃'s 17 windows from 07:00: with a series ending at the
    /// day's end, 12 of them are valid (the last 6 hours start the last valid window).
    @Test(arguments: [23, 24, 25])
    func clockChangeDaysKeepSeventeenOzoneWindows(length: Int) {
        let series = HourlyConcentrations([.o3: Array(repeating: 100.0, count: length)])
        let day = ForecastDay(hours: 0..<length, in: series, threshold: 151)
        #expect(
            day.outcome == .incomplete([
                TooFewHours(.o3, .dailyMaximumEightHourAverage, present: 12, required: 13, considered: 17, countsWindows: true)
            ]))
    }

    /// A column shorter than the others lacks the hours past its end: that pollutant, and so the
    /// day, is incomplete, also a day the short column never reaches (not rated from the rest).
    @Test func aShortColumnMakesItsDaysIncomplete() {
        var columns = Self.peakSeries()
        columns[.pm2_5] = Array(repeating: 8.0, count: 40)
        let series = HourlyConcentrations(columns)
        #expect(
            ForecastDay(hours: Self.day(1), in: series, threshold: 151).outcome
                == .incomplete([TooFewHours(.pm2_5, .dailyMean, present: 16, required: 24, considered: 24)]))
        #expect(
            ForecastDay(hours: Self.day(2), in: series, threshold: 151).outcome
                == .incomplete([TooFewHours(.pm2_5, .dailyMean, present: 0, required: 24, considered: 24)]))
    }

    /// A range that is no local day is said to be one, never iterated (no 2⁶⁴-hour loop), and
    /// a day partly or wholly outside the series is incomplete or beyond the horizon.
    @Test(arguments: [
        (0..<0, ForecastDay.Outcome.notALocalDay(hours: 0)), (0..<10, .notALocalDay(hours: 10)),
        (0..<26, .notALocalDay(hours: 26)), (Int.min..<Int.max, .notALocalDay(hours: .max)),
        ((Int.max - 24)..<Int.max, .beyondTheForecastHorizon), (Int.min..<(Int.min + 24), .beyondTheForecastHorizon),
        (-5..<19, .incomplete([
            TooFewHours(.pm2_5, .dailyMean, present: 19, required: 24, considered: 24),
            TooFewHours(.o3, .dailyMaximumEightHourAverage, present: 19, required: 24, considered: 24),
        ])),
    ])
    func rangesOutsideTheSeries(hours: Range<Int>, outcome: ForecastDay.Outcome) {
        #expect(ForecastDay(hours: hours, in: HourlyConcentrations(Self.peakSeries()), threshold: 151).outcome == outcome)
    }
}
