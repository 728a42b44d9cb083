import BreezeModel
import Testing

/// Why the alerting AQI is the NowCast: PM2.5 stepping from 5 to 150 µg/m³ and staying.
/// epa-aqi.md: one hour after the step the NowCast is 77.5 µg/m³ (AQI 166) while a 24-hour mean
/// is still 11.0 (AQI 55).
struct SmokeOnsetTests {
    /// 24 clean hours, `smoky` hours of 150 µg/m³, then `clean` hours of 5 again.
    static func series(smoky: Int, clean: Int = 0) -> [Double?] {
        Array(repeating: 5, count: 24) + Array(repeating: 150, count: smoky) + Array(repeating: 5, count: clean)
    }

    /// The AQI of the plain 24-hour mean ending at `hour` (what Open-Meteo's `us_aqi` does,
    /// rated here exactly), nil with fewer than 24 hours.
    static func twentyFourHourMean(_ hours: [Double?], endingAt hour: Int) -> Int? {
        guard hour >= 23 else { return nil }
        let day = hours[(hour - 23)...hour].compactMap { $0 }
        guard day.count == 24, let mean = ExactDecimal(day.reduce(0, +) / 24, roundedToFractionDigits: 6) else {
            return nil
        }
        return try? SubIndex(key: .pm2_5, concentration: Concentration(mean, .microgramsPerCubicMetre)).aqi
    }

    static func nowCast(_ hours: [Double?], endingAt hour: Int) -> Int? {
        CurrentAirQuality(hour: hour, in: HourlyConcentrations([.pm2_5: hours])).index.aqi
    }

    /// The first hour (counted from the step) at which `aqi` satisfies `condition`.
    static func firstHour(after start: Int, within hours: Int, where condition: (Int) -> Bool) -> Int? {
        (1...hours).first { condition(start + $0) }
    }

    @Test func oneHourAfterTheStepMatchesEPA() throws {
        let hours = Self.series(smoky: 1)
        let current = CurrentAirQuality(hour: 24, in: HourlyConcentrations([.pm2_5: hours]))
        #expect(current.average(of: .pm2_5)?.subIndices.first?.truncated == ExactDecimal("77.5"))
        #expect(current.index.aqi == 166)
        #expect(Self.twentyFourHourMean(hours, endingAt: 24) == 55)
    }

    /// NowCast reaches Unhealthy (≥ 151) in the first hour of smoke; the 24-hour mean hours
    /// later. And when the smoke clears NowCast leaves Unhealthy first.
    @Test func nowCastFiresEarlierAndResolvesSooner() throws {
        let onset = Self.series(smoky: 48)
        let unhealthy = Band.unhealthy.lowerBound
        let nowCastFires = try #require(
            Self.firstHour(after: 23, within: 48) { (Self.nowCast(onset, endingAt: $0) ?? 0) >= unhealthy })
        let meanFires = try #require(
            Self.firstHour(after: 23, within: 48) { (Self.twentyFourHourMean(onset, endingAt: $0) ?? 0) >= unhealthy })
        #expect(nowCastFires == 1)
        // The mean of k smoky hours and 24 − k clean ones reaches 55.5 µg/m³ when
        // 150k + 5(24 − k) ≥ 24 × 55.5, that is k ≥ 8.36: the ninth hour.
        #expect(meanFires == 9)
        #expect(nowCastFires < meanFires)

        let clearing = Self.series(smoky: 48, clean: 48)
        let end = 24 + 48 - 1
        let nowCastResolves = try #require(
            Self.firstHour(after: end, within: 48) { (Self.nowCast(clearing, endingAt: $0) ?? 500) < unhealthy })
        let meanResolves = try #require(
            Self.firstHour(after: end, within: 48) { (Self.twentyFourHourMean(clearing, endingAt: $0) ?? 500) < unhealthy })
        #expect(nowCastResolves < meanResolves)
    }
}
