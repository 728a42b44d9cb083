import BreezeAlerts
import BreezeModel
import BreezeVocabulary
import BreezeWeb
import Foundation
import Testing

@testable import BreezeDaemon

/// The status page's history and forecast days, from a poll's hourly grid.
struct PolledExtrasTests {
    /// 2026-08-20T14:00Z, the current hour.
    static let now = 1_787_234_400.0
    static let utc = CivilZone.utc

    /// A grid of `past` hours before the current one and `ahead` from it, PM2.5 `pm25(offset)`,
    /// the other pollutants low and steady.
    static func series(past: Int = 72, ahead: Int = 120, pm25: (Int) -> Double? = { _ in 10 }) -> ForecastSeries {
        let offsets = Array(-past..<ahead)
        var columns: [Pollutant: [Double?]] = [:]
        for pollutant in Pollutant.allCases { columns[pollutant] = offsets.map { _ in 5.0 } }
        columns[.pm2_5] = offsets.map(pm25)
        return ForecastSeries(
            firstHour: Instant(unixSeconds: now - Double(past) * 3600), columns: columns,
            currentHour: Instant(unixSeconds: now))
    }

    @Test func theHistoryIsTheLast48HoursEndingAtTheCurrentOneEachRatedAsThen() throws {
        // PM2.5 10 µg/m³ steady, 100 for the last 3 hours.
        let history = PolledExtras.history(Self.series { $0 > -3 && $0 <= 0 ? 100 : 10 })
        #expect(history.count == 48)
        #expect(history.first?.hour == Instant(unixSeconds: Self.now - 47 * 3600))
        #expect(history.last?.hour == Instant(unixSeconds: Self.now))
        #expect(zip(history, history.dropFirst()).allSatisfy { $1.hour.unixSeconds - $0.hour.unixSeconds == 3600 })
        // 10 µg/m³ steady is PM2.5 AQI 53 (9.0–35.4 → 51–100).
        #expect(history[0].aqi == 53)
        #expect(history[40].aqi == 53)
        // The NowCast of the last hour weighs the recent 100s: above the steady value, equal to
        // CurrentAirQuality's at that hour.
        let last = try #require(history.last?.aqi)
        #expect(last > 150)
        let grid = Self.series { $0 > -3 && $0 <= 0 ? 100 : 10 }
        if case .index(let expected, _) = CurrentAirQuality(hour: 72, in: grid.concentrations).index.outcome {
            #expect(last == expected)
        } else {
            Issue.record("the current hour has an index")
        }
    }

    @Test func anHourThatCannotBeRatedIsNilNotGuessed() {
        // Every pollutant missing for hours −20…−10: NowCast needs 2 of the last 3 hours.
        var grid = Self.series()
        var columns = grid.concentrations.columns
        for pollutant in Pollutant.allCases {
            for offset in -20 ... -10 { columns[pollutant]![72 + offset] = nil }
        }
        grid = ForecastSeries(firstHour: grid.firstHour, columns: columns, currentHour: grid.currentHour)
        let history = PolledExtras.history(grid)
        let byOffset = Dictionary(uniqueKeysWithValues: history.map { (Int(($0.hour.unixSeconds - Self.now) / 3600), $0.aqi) })
        #expect(byOffset[-15]! == nil)
        #expect(byOffset[-25]! != nil)
        #expect(byOffset[0]! != nil)
    }

    /// With fewer past hours than an hour's own trailing 24, that hour would be rated from a cut
    /// window: nil instead.
    @Test func hoursWhoseTrailingHoursPrecedeTheGridAreNil() {
        let history = PolledExtras.history(Self.series(past: 30))
        #expect(history.count == 31)
        #expect(history.prefix(23).allSatisfy { $0.aqi == nil })
        #expect(history.dropFirst(23).allSatisfy { $0.aqi == 53 })
    }

    @Test func withoutACurrentHourThereIsNoHistory() {
        let grid = Self.series()
        let bare = ForecastSeries(firstHour: grid.firstHour, concentrations: grid.concentrations)
        #expect(PolledExtras.history(bare).isEmpty)
        #expect(PolledExtras.forecastDays(bare, zone: Self.utc, threshold: 101).isEmpty)
    }

    @Test func theForecastDaysStartTodayAndSayWhyADayIsNotRated() throws {
        // 120 hours from 14:00 reach 2026-08-25T13:00: today and four whole days, then a part.
        let days = PolledExtras.forecastDays(Self.series { $0 >= 34 && $0 < 42 ? 80 : 10 }, zone: Self.utc, threshold: 101)
        #expect(days.map(\.day) == ["2026-08-20", "2026-08-21", "2026-08-22", "2026-08-23", "2026-08-24", "2026-08-25"])
        #expect(days[0].aqi != nil && days[0].dominant == .pm2_5 && days[0].note == nil)
        // 2026-08-22 00:00 is offset 34: eight hours of 80 µg/m³ raise that day's 24-hour mean.
        let quiet = try #require(days[1].aqi)
        let smoky = try #require(days[2].aqi)
        #expect(smoky > quiet)
        #expect(days[5].aqi == nil)
        #expect(days[5].note?.hasPrefix("The forecast is missing hours of this day (") == true)
    }

    @Test func aDayPastTheModelsReachIsBeyondTheHorizon() {
        // The model stops 50 hours ahead: values null after.
        var grid = Self.series()
        var columns = grid.concentrations.columns
        for pollutant in Pollutant.allCases {
            for index in (72 + 50)..<(72 + 120) { columns[pollutant]![index] = nil }
        }
        grid = ForecastSeries(firstHour: grid.firstHour, columns: columns, currentHour: grid.currentHour)
        let days = PolledExtras.forecastDays(grid, zone: Self.utc, threshold: 101)
        #expect(days.last?.note == "The forecast does not reach this day.")
        #expect(days.first?.aqi != nil)
    }

    @Test func theDaysAreLocalDaysOfTheCitysZone() {
        // 14:00 UTC is already the next day in Tokyo (UTC+9, 23:00).
        let tokyo = CivilZone(named: "Asia/Tokyo")!
        let days = PolledExtras.forecastDays(Self.series(), zone: tokyo, threshold: 101)
        #expect(days.first?.day == "2026-08-20")
        let kiritimati = CivilZone(named: "Pacific/Kiritimati")!  // UTC+14: 04:00 on the 21st
        #expect(PolledExtras.forecastDays(Self.series(), zone: kiritimati, threshold: 101).first?.day == "2026-08-21")
    }
}
