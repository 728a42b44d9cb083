import BreezeModel
import BreezeSensors
import BreezeVocabulary
import Foundation
import Testing

/// A sensor's hours: which samples count, which minutes they cover, when an hour's mean
/// counts, and the NowCast the means give.
@Suite struct SensorHoursTests {
    /// 2026-12-01 00:00 UTC, an hour's start.
    static let day = 1_796_083_200.0
    static func hour(_ n: Int) -> Double { day + Double(n) * 3600 }

    static func sample(_ at: Double, _ value: Double, covers: Double = 120) -> SensorSample {
        SensorSample(
            at: Instant(unixSeconds: at), covers: .seconds(covers), pm2_5: value, rawPM2_5: value, correction: .none)
    }

    /// PurpleAir's 2-minute means of `value` through hour `n`, ending at minutes `2, 4, …`
    /// up to `throughMinute`: they cover minutes 0 to `throughMinute` − 1.
    static func fill(_ hours: inout SensorHours, hour n: Int, value: Double, throughMinute: Int = 60, now: Double? = nil) {
        for minute in stride(from: 2, through: throughMinute, by: 2) {
            let at = hour(n) + Double(minute) * 60
            #expect(hours.add(sample(at, value), now: Instant(unixSeconds: now ?? at)) == .counted)
        }
    }

    @Test func fortyFourMinutesAreNoHourFortyFiveAre() {
        var hours = SensorHours()
        Self.fill(&hours, hour: 0, value: 12, throughMinute: 44)
        let later = Instant(unixSeconds: Self.hour(1) + 600)
        #expect(hours.hours.map(\.coveredMinutes) == [44])
        #expect(hours.hourlyMeans(now: later).first == .some(nil))
        // One more minute (44:00–45:00) makes it.
        #expect(hours.add(Self.sample(Self.hour(0) + 45 * 60, 15, covers: 60), now: later) == .counted)
        #expect(hours.hours.map(\.coveredMinutes) == [45])
        let mean: Double = (12 * 22 + 15) / 23
        #expect(hours.hourlyMeans(now: later).first == .some(mean))
        #expect(SensorHours.requiredMinutes == 45)
    }

    @Test func gapsCountOnlyTheMinutesCovered() {
        var hours = SensorHours()
        // Minutes 0–19 and 40–59: 40 covered, a 20-minute gap.
        Self.fill(&hours, hour: 0, value: 10, throughMinute: 20)
        for minute in stride(from: 42, through: 60, by: 2) {
            hours.add(Self.sample(Self.hour(0) + Double(minute) * 60, 10), now: Instant(unixSeconds: Self.hour(1)))
        }
        // Minutes 0–29 and 40–59: 50 covered.
        Self.fill(&hours, hour: 1, value: 20, throughMinute: 30)
        for minute in stride(from: 42, through: 60, by: 2) {
            hours.add(Self.sample(Self.hour(1) + Double(minute) * 60, 20), now: Instant(unixSeconds: Self.hour(2)))
        }
        // Hour 2 has no sample at all; hour 3 is whole.
        Self.fill(&hours, hour: 3, value: 30)
        #expect(hours.hours.map(\.coveredMinutes) == [40, 50, 60])
        let means = hours.hourlyMeans(now: Instant(unixSeconds: Self.hour(4) + 1))
        #expect(Array(means.prefix(5)) == [30, nil, 20, nil, nil])
        #expect(means.count == 12)
    }

    @Test func aSampleAcrossAnHourMarksBothAndCountsInTheHourOfItsEnd() {
        var hours = SensorHours()
        let now = Instant(unixSeconds: Self.hour(1) + 300)
        // 00:59:00–01:01:00: minute 59 of hour 0, minute 0 of hour 1; the value is hour 1's.
        #expect(hours.add(Self.sample(Self.hour(1) + 60, 40), now: now) == .counted)
        #expect(hours.hours.map(\.start.unixSeconds) == [Self.hour(0), Self.hour(1)])
        #expect(hours.hours.map(\.minuteMask) == [1 << 59, 1])
        #expect(hours.hours.map(\.count) == [0, 1])
        #expect(hours.hours.map(\.sum) == [0, 40])
        // Ending exactly at 02:00, a span covers 01:58–02:00 only: hour 1's value.
        #expect(hours.add(Self.sample(Self.hour(2), 50), now: Instant(unixSeconds: Self.hour(2))) == .counted)
        #expect(hours.hours.map(\.count) == [0, 2])
        #expect(hours.hours.map(\.coveredMinutes) == [1, 3])
    }

    @Test func aLongSpanIsCutToAnHourAndAShortOneCoversItsMinute() {
        var hours = SensorHours()
        let now = Instant(unixSeconds: Self.hour(3))
        // Three hours claimed, one taken: 01:30–02:30.
        hours.add(Self.sample(Self.hour(2) + 1800, 10, covers: 3 * 3600), now: now)
        #expect(hours.hours.map(\.coveredMinutes) == [30, 30])
        // Zero seconds claimed: one second, in minute 40 of hour 2.
        hours.add(Self.sample(Self.hour(2) + 40 * 60 + 30, 10, covers: 0), now: now)
        #expect(hours.hours.map(\.coveredMinutes) == [30, 31])
    }

    @Test func duplicatesAreIgnored() {
        var hours = SensorHours()
        let now = Instant(unixSeconds: Self.hour(0) + 600)
        let first = Self.sample(Self.hour(0) + 240, 10)
        #expect(hours.add(first, now: now) == .counted)
        // PurpleAir answers the same 2-minute mean twice; an earlier one is no newer.
        #expect(hours.add(first, now: now) == .duplicate)
        #expect(hours.add(Self.sample(Self.hour(0) + 120, 99), now: now) == .duplicate)
        #expect(hours.hours.map(\.count) == [1])
        #expect(hours.hours.map(\.sum) == [10])
        #expect(hours.lastSampleAt == first.at)
        #expect(hours.add(Self.sample(Self.hour(0) + 360, 20), now: now) == .counted)
        #expect(hours.hours.map(\.count) == [2])
    }

    @Test func invalidSamplesNeverEnter() {
        var hours = SensorHours()
        let at = Self.hour(0) + 600
        let now = Instant(unixSeconds: at)
        var faulted = Self.sample(at, 30)
        faulted.invalidReason = "channels A and B disagree: 40.0 and 12.0 µg/m³"
        var missing = Self.sample(at, 30)
        missing.pm2_5 = nil
        let notANumber = Self.sample(at, .nan)
        let negative = Self.sample(at, -1)
        let huge = Self.sample(at, 1e300)
        let infinite = Self.sample(at, .infinity)
        let timeless = Self.sample(.nan, 30)
        for sample in [faulted, missing, notANumber, negative, huge, infinite, timeless] {
            #expect(hours.add(sample, now: now) == .invalid)
        }
        #expect(hours.add(Self.sample(at, 30), now: Instant(unixSeconds: .nan)) == .invalid)
        #expect(hours.add(Self.sample(at, 30), now: Instant(unixSeconds: 1e300)) == .invalid)
        #expect(hours.hours.isEmpty)
        #expect(hours.lastSampleAt == nil)
        // An invalid sample does not make a later valid one a duplicate.
        #expect(hours.add(Self.sample(at, 30), now: now) == .counted)
    }

    @Test func samplesOutsideTheDayOrAheadOfTheClockAreIgnored() {
        var hours = SensorHours()
        let now = Self.hour(30)
        #expect(hours.add(Self.sample(now - 24 * 3600 - 1, 10), now: Instant(unixSeconds: now)) == .tooOld)
        #expect(hours.add(Self.sample(now + 301, 10), now: Instant(unixSeconds: now)) == .ahead)
        #expect(hours.hours.isEmpty)
        #expect(hours.add(Self.sample(now + 299, 10), now: Instant(unixSeconds: now)) == .counted)
    }

    @Test func atMostTheLast24HoursAreKept() {
        var hours = SensorHours()
        // Up to minute 58 of each hour, so the clock never reaches the next.
        for n in 0..<30 { Self.fill(&hours, hour: n, value: Double(n), throughMinute: 58) }
        #expect(hours.hours.count == 24)
        #expect(hours.hours.first?.start.unixSeconds == Self.hour(6))
        #expect(hours.hours.last?.start.unixSeconds == Self.hour(29))
    }

    @Test func theHourInProgressNeverCounts() {
        var hours = SensorHours()
        Self.fill(&hours, hour: 0, value: 10)
        Self.fill(&hours, hour: 1, value: 80)
        // 01:59:59, every minute of hour 1 covered: still in progress.
        let now = Instant(unixSeconds: Self.hour(2) - 1)
        #expect(hours.coveredMinutes(inHourOf: now) == 60)
        #expect(Array(hours.hourlyMeans(now: now).prefix(2)) == [10, nil])
        #expect(Array(hours.hourlyMeans(now: Instant(unixSeconds: Self.hour(2))).prefix(2)) == [80, 10])
    }

    @Test func theHourInProgressSaysHowManyMinutesItHas() {
        var hours = SensorHours()
        Self.fill(&hours, hour: 0, value: 10, throughMinute: 32)
        let now = Instant(unixSeconds: Self.hour(0) + 33 * 60)
        #expect(hours.coveredMinutes(inHourOf: now) == 32)
        #expect(hours.coveredMinutes(inHourOf: Instant(unixSeconds: Self.hour(1))) == 0)
        #expect(hours.coveredMinutes(inHourOf: Instant(unixSeconds: .nan)) == 0)
    }

    @Test func nowCastNeedsTwoOfTheThreeNewestHours() {
        var hours = SensorHours()
        #expect(
            hours.nowCast(now: Instant(unixSeconds: Self.hour(1)))
                == .unrated("PM2.5 NowCast: 0 of the 3 newest hours present, 2 required"))
        // 00:00–01:00 whole: one of the three newest.
        Self.fill(&hours, hour: 0, value: 20)
        let one = hours.nowCast(now: Instant(unixSeconds: Self.hour(1) + 60))
        #expect(one == .unrated("PM2.5 NowCast: 1 of the 3 newest hours present, 2 required"))
        #expect(one.aqi == nil && one.concentration == nil)
        #expect(one.reason == "PM2.5 NowCast: 1 of the 3 newest hours present, 2 required")
        // 02:00–03:00 too: the newest and the third, 01:00 missing.
        Self.fill(&hours, hour: 2, value: 20)
        let two = hours.nowCast(now: Instant(unixSeconds: Self.hour(3) + 60))
        #expect(two.concentration == 20)
        // 20.0 µg/m³: 51 + (100 − 51) / (35.4 − 9.1) · (20.0 − 9.1) = 71.3 → 71.
        #expect(two.aqi == 71)
        #expect(two.reason == nil)
        // An hour later, only 02:00 is among the three newest.
        #expect(hours.nowCast(now: Instant(unixSeconds: Self.hour(4) + 60)).aqi == nil)
    }

    /// Smoke arrives: three hours at 5 µg/m³, then 150 and 160. EPA: w = max(cmin/cmax, 0.5),
    /// NowCast = Σ wⁱ·cᵢ / Σ wⁱ over the hours present, newest first.
    @Test func smokeOnsetGetsEPAsWeights() throws {
        var hours = SensorHours()
        for (n, value) in [5.0, 5, 5, 150, 160].enumerated() { Self.fill(&hours, hour: n, value: value) }
        let now = Instant(unixSeconds: Self.hour(5) + 120)
        let newestFirst = [160.0, 150, 5, 5, 5]
        #expect(Array(hours.hourlyMeans(now: now).prefix(6)) == [160, 150, 5, 5, 5, nil])
        let ratio = newestFirst.min()! / newestFirst.max()!
        #expect(ratio == 5.0 / 160)
        let w = max(ratio, 0.5)
        var weighted = 0.0
        var weights = 0.0
        for (i, c) in newestFirst.enumerated() {
            weighted += pow(w, Double(i)) * c
            weights += pow(w, Double(i))
        }
        // (160 + 75 + 1.25 + 0.625 + 0.3125) / 1.9375 = 122.419…
        let expected = weighted / weights
        #expect(abs(expected - 237.1875 / 1.9375) < 1e-12)
        let nowCast = hours.nowCast(now: now)
        #expect(abs(try #require(nowCast.concentration) - expected) < 1e-9)
        // Truncated to 122.4: 151 + (200 − 151) / (125.4 − 55.5) · (122.4 − 55.5) = 197.9 → 198.
        let aqi = (151 + 49 / 69.9 * (122.4 - 55.5)).rounded()
        #expect(nowCast.aqi == Int(aqi))
        #expect(nowCast.aqi == 198)
    }

    @Test func beyondTheAQIHasNoNumberButSaysWhy() {
        var hours = SensorHours()
        Self.fill(&hours, hour: 0, value: 700)
        Self.fill(&hours, hour: 1, value: 700)
        let nowCast = hours.nowCast(now: Instant(unixSeconds: Self.hour(2)))
        #expect(nowCast.concentration == 700)
        #expect(nowCast.aqi == nil)
        #expect(nowCast.reason == "PM2.5 NowCast is beyond the AQI (above 500): 700.0 µg/m³")
    }
}
