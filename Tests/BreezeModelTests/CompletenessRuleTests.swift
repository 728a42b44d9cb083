import BreezeModel
import Testing

/// EPA's data-completeness rules, each at its boundary, and NowCast's published examples.
///
/// - NowCast (PM2.5, PM10): 12 hours; a missing hour is skipped, not read as zero, and keeps its
///   place in the weights; 2 of the 3 newest hours are required (AirNow, "The NowCast for PM2.5
///   and PM10", forum.airnowtech.org/t/the-nowcast-for-pm2-5-and-pm10/172: "There is only 1
///   requirement for a valid NowCast calculation: 2 of the past 3 hourly data points must be
///   valid").
/// - 8-hour O₃ and CO: 6 of 8 hours, EPA's 75 % rule (AirNow, "Daily and Hourly AQI – Ozone",
///   forum.airnowtech.org/t/daily-and-hourly-aqi-ozone/170: "Each 8-hour average requires 6 of
///   8 hours (75%)"; 40 CFR Part 50 Appendix U).
/// - 24-hour means (SO₂ above 304 ppb): the same 75 %, 18 of 24.
struct CompletenessRuleTests {
    /// The latest hour of oldest-first `columns`.
    static func current(_ columns: [Pollutant: [Double?]]) -> CurrentAirQuality {
        let hours = columns.values.map(\.count).max() ?? 0
        return CurrentAirQuality(hour: hours - 1, in: HourlyConcentrations(columns))
    }

    // MARK: Published NowCast examples

    /// epa-aqi.md's worked example (the one AirNow's "How is the NowCast algorithm calculated?"
    /// walks through): newest first 36, 38, 40, 43, 44, 45, 45, 47, 50, 55, 55, 62 µg/m³ →
    /// w = 36/62 = 0.581 → NowCast 38.7 µg/m³ → AQI 109.
    @Test func epaAndAirNowWorkedExample() throws {
        let newestFirst: [Double?] = [36, 38, 40, 43, 44, 45, 45, 47, 50, 55, 55, 62]
        let value = try #require(NowCast.concentration(hourly: newestFirst))
        #expect((value * 10).rounded(.down) / 10 == 38.7)
        #expect(NowCast.subIndex(.pm2_5, hourly: newestFirst)?.aqi == 109)
    }

    /// The pulse of Wikipedia's "NowCast (air quality index)" (the article EPA's pages link
    /// for the formula): every hour 0 µg/m³ but one of 71 µg/m³, the newest. cmin/cmax = 0, so
    /// w = 1/2 and NowCast = 71 / (1 + 1/2 + … + 1/2¹¹) ≈ c₁/2 (the article's w = 1/2 case) =
    /// 35.5 µg/m³ → AQI 101 (Unhealthy for Sensitive Groups, from an hour of 71).
    @Test func wikipediaPulseExample() throws {
        let newestFirst: [Double?] = [71] + Array(repeating: 0, count: 11)
        let value = try #require(NowCast.concentration(hourly: newestFirst))
        #expect(abs(value - 71 / (2 - 1.0 / 2048)) < 1e-12)
        let subIndex = try #require(NowCast.subIndex(.pm2_5, hourly: newestFirst))
        #expect(subIndex.truncated == ExactDecimal("35.5"))
        #expect(subIndex.aqi == 101)
    }

    /// EPA's NowCast fact sheet ("PM NowCast", nepis.epa.gov Dockey P100X0J6), steps 6–7: each
    /// hour is weighted by w raised to "the number of hours ago the value was measured". A
    /// missing hour is skipped and the next keeps its own power: 20, —, 10 (newest first) has
    /// w = 10/20 = 0.5 and NowCast (20 + 0.25·10) / (1 + 0.25) = 18.0. Read as zero, the same
    /// hours would give (20 + 0 + 2.5) / 1.75 = 12.857…: a gap is not clean air.
    @Test func aMissingHourIsSkippedNotZero() throws {
        #expect(NowCast.concentration(hourly: [20, nil, 10]) == 18.0)
        #expect(NowCast.concentration(hourly: [20, 0, 10]) != 18.0)
        let rated = Self.current([.pm2_5: [10, nil, 20]])
        #expect(rated.average(of: .pm2_5)?.concentration == Concentration(ExactDecimal("18")!, .microgramsPerCubicMetre))
    }

    // MARK: Boundaries

    /// 2 of the 3 newest hours rate; 1 does not, whatever the 9 older hours hold.
    @Test(arguments: [
        ([10, 10, 10, 10, 10, 10, 10, 10, 10, 10, nil, 10], true),
        ([10, 10, 10, 10, 10, 10, 10, 10, 10, nil, 10, 10], true),
        ([10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, nil], true),
        ([10, 10, 10, 10, 10, 10, 10, 10, 10, nil, nil, 10], false),
        ([10, 10, 10, 10, 10, 10, 10, 10, 10, 10, nil, nil], false),
        ([10, 10, 10, 10, 10, 10, 10, 10, 10, nil, 10, nil], false),
    ] as [([Double?], Bool)])
    func nowCastNeedsTwoOfTheThreeNewestHours(oldestFirst: [Double?], rates: Bool) throws {
        for pollutant in [Pollutant.pm2_5, .pm10] {
            let current = Self.current([pollutant: oldestFirst])
            let average = try #require(current.average(of: pollutant))
            #expect((average.concentration != nil) == rates)
            if !rates {
                let label = pollutant.label
                #expect(average.tooFewHours?.description == "\(label) NowCast: 1 of the 3 newest hours present, 2 required")
            }
        }
    }

    /// 6 of 8 hours rate the 8-hour average of O₃ and CO; 5 do not.
    @Test(arguments: [(6, true), (5, false), (8, true), (7, true)])
    func eightHourAveragesNeedSixOfEight(present: Int, rates: Bool) throws {
        let hours: [Double?] = Array(repeating: nil, count: 8 - present) + Array(repeating: 100, count: present)
        for pollutant in [Pollutant.o3, .co] {
            let current = Self.current([pollutant: hours])
            let average = try #require(current.average(of: pollutant))
            #expect((average.concentration != nil) == rates, "\(pollutant) with \(present) of 8")
            if !rates {
                #expect(average.tooFewHours?.description == "\(pollutant.label) 8-hour average: 5 of 8 hours present, 6 required")
            }
        }
    }

    /// 1-hour SO₂ above 304 ppb is rated on the 24-hour table from 18 of 24 hours; with 17 the
    /// index is undetermined (never the 1-hour table's understated top).
    @Test(arguments: [(18, true), (17, false), (24, true)])
    func twentyFourHourMeansNeedEighteenOfTwentyFour(present: Int, rates: Bool) {
        // 1,000 µg/m³ = 381 ppb: above the 1-hour table's 304.
        let hours: [Double?] = Array(repeating: nil, count: 24 - present) + Array(repeating: 1000, count: present)
        let current = Self.current([.so2: hours])
        if rates {
            #expect(current.index.outcome.dominant == .so2_24h)
            #expect(current.index.aqi != nil)
        } else {
            #expect(current.index.outcome == .undetermined(.so2))
        }
    }

    /// A pollutant without enough hours drops out; the index is the highest of the rest, and
    /// the one left out is named with its reason and, having values in the 24 hours, as a gap.
    @Test func aPollutantWithTooFewHoursDropsOutOfTheMaximum() throws {
        let smoke: [Double?] = Array(repeating: 150, count: 22) + [nil, nil]
        let ozone: [Double?] = Array(repeating: 60, count: 24)
        let current = Self.current([.pm2_5: smoke, .o3: ozone, .so2: Array(repeating: nil, count: 24)])
        #expect(current.index.outcome.dominant == .o3)
        #expect(current.unrated.map(\.description) == [
            "PM2.5 NowCast: 1 of the 3 newest hours present, 2 required",
            "SO₂ 1-hour value: 0 of 1 hour present, 1 required",
        ])
        // SO₂ has no value in all 24 hours: not reported here, not a gap.
        #expect(current.interrupted == [.pm2_5])
    }
}
