import BreezeModel
import Testing

/// The current AQI as AirNow reports it. Expected numbers are EPA's where epa-aqi.md gives them,
/// otherwise computed independently with exact fractions (a Python checker: rational mean,
/// µg/m³ × 24.45 / MW, truncation, the breakpoint formula) and noted beside each case.
struct CurrentAirQualityTests {
    /// The latest hour of oldest-first `columns`.
    static func current(_ columns: [Pollutant: [Double?]]) -> CurrentAirQuality {
        let series = HourlyConcentrations(columns)
        let hours = columns.values.map(\.count).max() ?? 0
        return CurrentAirQuality(hour: hours - 1, in: series)
    }

    /// epa-aqi.md's NowCast example (newest first 36 … 62 µg/m³): w = 36/62 = 0.581,
    /// NowCast 38.7 µg/m³, AQI 109.
    @Test func epaNowCastWorkedExample() throws {
        let newestFirst: [Double?] = [36, 38, 40, 43, 44, 45, 45, 47, 50, 55, 55, 62]
        let result = Self.current([.pm2_5: newestFirst.reversed()])
        let pm = try #require(result.average(of: .pm2_5))
        #expect(pm.method == .nowCast)
        #expect(pm.subIndices.first?.truncated == ExactDecimal("38.7"))
        #expect(result.index.outcome == .index(109, dominant: .pm2_5))
        #expect(!result.needsFallback)
    }

    /// O₃ by its 8-hour average: 151.4625 µg/m³ = 0.077 ppm → 122. A 1-hour value of at least
    /// 0.125 ppm is rated on the 1-hour table too and the higher counts: seven hours of 60.0 and
    /// a newest of 318.1 µg/m³ = 0.162 ppm → 147 (EPA's worked example) over the 8-hour 92.2625
    /// µg/m³ = 0.046 ppm → 43. At 243.4 µg/m³ (0.123 ppm) the 1-hour table defines nothing and
    /// only the 8-hour average (82.925 µg/m³ = 0.042 ppm → 39) counts.
    @Test func ozoneEightHourAndTheOneHourOverride() throws {
        let eightHours: [Double?] = [140.0, 145.2, 150.4, 155.0, 160.8, 158.3, 152.1, 149.9]
        let plain = Self.current([.o3: eightHours])
        #expect(plain.index.outcome == .index(122, dominant: .o3))
        #expect(plain.average(of: .o3)?.concentration == Concentration(ExactDecimal("151.4625")!, .microgramsPerCubicMetre))
        #expect(plain.average(of: .o3)?.subIndices.map(\.key) == [.o3])

        let clean: [Double?] = Array(repeating: 60.0, count: 7)
        let peak = Self.current([.o3: clean + [318.1]])
        #expect(peak.index.outcome == .index(147, dominant: .o3_1h))
        #expect(peak.average(of: .o3)?.subIndices.map(\.aqi) == [43, 147])

        let below = Self.current([.o3: clean + [243.4]])
        #expect(below.average(of: .o3)?.subIndices.map(\.key) == [.o3])
        #expect(below.index.outcome == .index(39, dominant: .o3))
    }

    /// CO 8.4 ppm → 90 (EPA's worked example): 9623.2 µg/m³ × 24.45 / 28.01 = 8400.0… ppb. Six of
    /// eight hours are enough (75 %), five are not.
    @Test func carbonMonoxideEightHourAverage() throws {
        let six: [Double?] = [nil, 9623.2, 9623.2, nil, 9623.2, 9623.2, 9623.2, 9623.2]
        let rated = Self.current([.co: six])
        #expect(rated.index.outcome == .index(90, dominant: .co))
        #expect(rated.average(of: .co)?.subIndices.first?.truncated == ExactDecimal("8.4"))

        let five = Self.current([.co: [nil, 9623.2, nil, nil, 9623.2, 9623.2, 9623.2, 9623.2]])
        #expect(five.needsFallback)
        #expect(five.unrated.map(\.description) == ["CO 8-hour average: 5 of 8 hours present, 6 required"])
    }

    /// NO₂ 120 ppb → 105 (EPA's worked example; 225.9 µg/m³ = 120.04 ppb) and SO₂ 100 ppb → 112
    /// (262.1 µg/m³ = 100.02 ppb): the newest hour only, whatever came before.
    @Test func nitrogenAndSulphurDioxideOneHour() {
        let result = Self.current([.no2: [900, 900, 225.9], .so2: [5, 5, 262.1]])
        #expect(result.average(of: .no2)?.subIndices.first?.aqi == 105)
        #expect(result.average(of: .so2)?.subIndices.first?.aqi == 112)
        #expect(result.index.outcome == .index(112, dominant: .so2))

        let missingNewest = Self.current([.no2: [225.9, nil]])
        #expect(missingNewest.unrated.map(\.description) == ["NO₂ 1-hour value: 0 of 1 hour present, 1 required"])
    }

    /// SO₂ at 305 ppb and above: the 1-hour table stops at 304, the 24-hour table rates the day.
    /// 1048.2 µg/m³ = 400 ppb in the newest hour, 23 hours of 800.0: mean 810.341667 µg/m³ =
    /// 309 ppb → 202. Without 18 of 24 hours the air is worse than the 1-hour table's top and
    /// nothing can say how much: undetermined, not 200 and not the other pollutants' number.
    @Test func sulphurDioxideAbove304UsesTheTwentyFourHourTable() {
        let day = Array(repeating: 800.0 as Double?, count: 23) + [1048.2]
        let rated = Self.current([.so2: day, .pm2_5: Array(repeating: 20, count: 24)])
        #expect(rated.average(of: .so2)?.subIndices.map(\.key) == [.so2, .so2_24h])
        #expect(rated.index.outcome == .index(202, dominant: .so2_24h))

        let short = Self.current([.so2: Array(day.suffix(12)), .pm2_5: Array(repeating: 20, count: 12)])
        #expect(short.index.outcome == .undetermined(.so2))
    }

    /// Too few hours: PM needs 2 of its 3 newest; nothing rated means falling back.
    @Test func tooFewHoursGiveNoSubIndexAndTheFallback() throws {
        let result = Self.current([.pm2_5: [30, 30, 30, 30, nil, nil, 30], .pm10: [40, 40, 40, 40, nil, 40, nil]])
        #expect(result.index.outcome == .noIndex)
        #expect(result.needsFallback)
        #expect(
            result.unrated.map(\.description) == [
                "PM2.5 NowCast: 1 of the 3 newest hours present, 2 required",
                "PM10 NowCast: 1 of the 3 newest hours present, 2 required",
            ])
        #expect(result.pollutants.allSatisfy { $0.concentration == nil })
    }

    /// Every hour missing, or no column at all: the clear "no index" case, never 0.
    @Test(arguments: [
        [Pollutant.pm2_5: Array(repeating: nil, count: 24), .o3: Array(repeating: nil, count: 24)],
        [:], [.co: []],
    ] as [[Pollutant: [Double?]]])
    func allMissingNeedsTheFallback(columns: [Pollutant: [Double?]]) {
        let result = Self.current(columns)
        #expect(result.needsFallback)
        #expect(result.index.aqi == nil)
    }

    /// NaN, infinities, negatives and 1e300 are missing hours, counted, never rated or trapped.
    @Test(arguments: [Double.nan, -Double.infinity, .infinity, -5, 1e300, 1.0000001e9, .greatestFiniteMagnitude])
    func hostileHoursAreMissing(hostile: Double) {
        let series = HourlyConcentrations([.pm2_5: [20, 20, hostile, hostile]])
        #expect(series.implausibleHours == 2)
        let result = CurrentAirQuality(hour: 3, in: series)
        #expect(result.unrated.map(\.description) == ["PM2.5 NowCast: 1 of the 3 newest hours present, 2 required"])
        // One hostile hour among good ones is only a gap.
        let gap = CurrentAirQuality(hour: 2, in: HourlyConcentrations([.pm2_5: [35.9, hostile, 35.9]]))
        #expect(gap.index.outcome == .index(102, dominant: .pm2_5))
    }

    /// Hours outside the columns (a short column, a hostile index) have no values.
    @Test(arguments: [Int.min, -1, 4, 30, Int.max])
    func hoursOutsideTheSeries(hour: Int) {
        let series = HourlyConcentrations([.pm2_5: [20, 20, 20], .co: Array(repeating: 1000, count: 40)])
        let result = CurrentAirQuality(hour: hour, in: series)
        #expect(result.average(of: .pm2_5)?.tooFewHours != nil)
        #expect(result.index.dominant != .pm2_5)
    }

    /// Above the table's top is beyond the AQI, not an extrapolated number.
    @Test func beyondTheTopIsNotExtrapolated() {
        let result = Self.current([.pm2_5: Array(repeating: 600, count: 12), .o3: Array(repeating: 60, count: 8)])
        #expect(result.index.outcome == .beyondTheAQI(dominant: .pm2_5))
        #expect(result.index.aqi == nil)
        #expect(result.average(of: .pm2_5)?.subIndices.first?.isBeyondTheAQI == true)
    }
}
