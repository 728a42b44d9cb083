import BreezeModel
import Testing

struct NowCastTests {
    /// Hand-computed NowCasts (newest hour first).
    static let averages: [([Double?], Double)] = [
        // min 10 / max 40 = 0.25 → w* = 0.5; hour 3 missing keeps its place:
        // (10 + 0.5·20 + 0.125·40) / (1 + 0.5 + 0.125) = 25 / 1.625.
        ([10, 20, nil, 40] as [Double?], 25 / 1.625 as Double),
        // w = 20/30: (30 + ⅔·25 + 4⁄9·20) / (1 + ⅔ + 4⁄9) = 500 / 19.
        ([30, 25, 20] as [Double?], 500.0 / 19),
        ([nil, 10, 10] as [Double?], 10), ([0, 0, 0] as [Double?], 0),
        // Only the newest twelve hours count.
        ([10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 1000] as [Double?], 10),
    ]

    @Test(arguments: averages)
    func weightedAverage(hourly: [Double?], expected: Double) throws {
        let value = try #require(NowCast.concentration(hourly: hourly))
        #expect(abs(value - expected) < 1e-9)
    }

    /// At least two of the three newest hours must be present.
    @Test(arguments: [[nil, nil, 10, 10, 10], [10, nil, nil, 10, 10], [10], [], [nil, nil, nil]] as [[Double?]])
    func tooFewRecentHoursGiveNothing(hourly: [Double?]) {
        #expect(NowCast.concentration(hourly: hourly) == nil)
        #expect(NowCast.subIndex(.pm2_5, hourly: hourly) == nil)
    }

    /// The NowCast goes through the 24-hour table: 15.38… → 15.3 → 63; 26.31… → 26.3 → 83;
    /// PM10 1000/19 = 52.6… → 52 → 48; twelve hours of 35.9 stay 35.9 → 102.
    static let rated: [(AQIKey, [Double?], String, Int)] = [
        (AQIKey.pm2_5, [10, 20, nil, 40] as [Double?], "15.3", 63), (.pm2_5, [30, 25, 20] as [Double?], "26.3", 83),
        (.pm10, [60, 50, 40] as [Double?], "52", 48),
        (.pm2_5, Array(repeating: 35.9, count: 12) as [Double?], "35.9", 102),
    ]

    @Test(arguments: rated)
    func ratedThroughTheDailyTable(key: AQIKey, hourly: [Double?], truncated: String, expected: Int) throws {
        let subIndex = try #require(NowCast.subIndex(key, hourly: hourly))
        #expect(subIndex.truncated == ExactDecimal(truncated))
        #expect(subIndex.aqi == expected)
    }
}
