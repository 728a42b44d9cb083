import BreezeAlerts
import BreezeModel
import BreezeOpenMeteo
import BreezeVocabulary
import Foundation
import Testing

@testable import BreezeDaemon

/// When pollen and the climate trend are fetched, and what the archive is asked.
struct ExtrasScheduleTests {
    /// 2026-08-20T14:00Z.
    static let now = Instant(unixSeconds: 1_787_234_400)
    static let paris = WatchedCity(
        city: City(name: "Paris", latitude: 48.85, longitude: 2.35, timeZone: "Europe/Paris"), rule: AlertRule(threshold: 101))
    static let tokyo = WatchedCity(
        city: City(name: "Tokyo", latitude: 35.68, longitude: 139.65, timeZone: "Asia/Tokyo"), rule: AlertRule(threshold: 101))

    @Test func pollenIsDueFirstThenEveryThreeHours() {
        var schedule = ExtrasSchedule()
        #expect(schedule.pollenDue(at: Self.now))
        schedule.lastPollenAttempt = Self.now
        #expect(!schedule.pollenDue(at: Self.now + .seconds(3 * 3600 - 1)))
        #expect(schedule.pollenDue(at: Self.now + .seconds(3 * 3600)))
        // A clock set back does not wait for the old time to come round again.
        #expect(schedule.pollenDue(at: Self.now - .seconds(60)))
    }

    @Test func theClimateTrendIsDueOncePerCityPerLocalDay() {
        var schedule = ExtrasSchedule()
        #expect(schedule.climateDue([Self.paris, Self.tokyo], entries: [:], now: Self.now).map(\.1.description)
            == ["2026-08-20", "2026-08-20"])
        // 14:00 UTC is 23:00 in Tokyo: two hours later it is the 21st there, still the 20th in Paris.
        let later = Self.now + .seconds(2 * 3600)
        let entries = [
            "Paris": ClimateTrendEntry(day: "2026-08-20", latitude: 48.85, longitude: 2.35, points: []),
            "Tokyo": ClimateTrendEntry(day: "2026-08-20", latitude: 35.68, longitude: 139.65, points: []),
        ]
        let due = schedule.climateDue([Self.paris, Self.tokyo], entries: entries, now: later)
        #expect(due.map(\.0.city.name) == ["Tokyo"])
        #expect(due.first?.1.description == "2026-08-21")
        // A city moved by a reload is fetched again for its new place.
        var moved = Self.paris
        moved.city.latitude = 50
        #expect(schedule.climateDue([moved], entries: entries, now: later).count == 1)
        // A failed attempt today is tried again after three hours, not at every cycle.
        schedule.climateAttempts["Paris"] = .init(day: "2026-08-20", at: Self.now)
        #expect(schedule.climateDue([Self.paris], entries: [:], now: Self.now + .seconds(900)).isEmpty)
        #expect(schedule.climateDue([Self.paris], entries: [:], now: Self.now + .seconds(3 * 3600)).count == 1)
    }

    @Test func oneRunAsksForAtMostFiftyCities() {
        let cities = (0..<120).map { index in
            WatchedCity(city: City(name: "City \(index)", latitude: 10, longitude: Double(index)), rule: AlertRule(threshold: 101))
        }
        #expect(ExtrasSchedule().climateDue(cities, entries: [:], now: Self.now).count == ExtrasSchedule.climateRequestsPerRun)
    }

    @Test func theArchiveIsAskedThisDayInEachDecadeAndThisYearsLatestDays() {
        let (years, ranges) = ClimateTrendRequest.ranges(for: LocalDay(year: 2026, month: 8, day: 20))
        #expect(years == [1980, 1990, 2000, 2010, 2020, 2026])
        #expect(ranges.prefix(5).map(\.start) == ["1980-08-20", "1990-08-20", "2000-08-20", "2010-08-20", "2020-08-20"])
        #expect(ranges.prefix(5).allSatisfy { $0.start == $0.end })
        #expect(ranges.last == DateRange(start: "2026-08-10", end: "2026-08-20"))
        // 29 February exists in 1980, 2000 and 2020 only.
        let leap = ClimateTrendRequest.ranges(for: LocalDay(year: 2028, month: 2, day: 29))
        #expect(leap.years == [1980, 2000, 2020, 2028])
    }

    @Test func thisYearsPointIsTheLatestDayTheArchiveHasAndSaysWhich() {
        let years = [1980, 2026]
        let values: [[DailyValue]?] = [
            [DailyValue(date: "1980-08-20", value: 21)],
            [
                DailyValue(date: "2026-08-14", value: 24), DailyValue(date: "2026-08-15", value: 25),
                DailyValue(date: "2026-08-16", value: nil), DailyValue(date: "2026-08-20", value: nil),
            ],
        ]
        let points = ClimateTrendRequest.points(years: years, values: values)
        #expect(points.map(\.year) == [1980, 2026])
        #expect(points[1].temperatureMaximum == 25)
        #expect(points[1].date == "2026-08-15")
        #expect(points[1].differenceFromFirstYear == 4)
        #expect(points[0].date == nil)
        // Nothing yet this year, a failed range, hostile values: nil, never made up.
        let none = ClimateTrendRequest.points(
            years: [1980, 1990, 2000, 2026],
            values: [nil, [DailyValue(date: "1990-08-20", value: 1e300)], [DailyValue(date: "2000-08-20", value: .nan)],
                     [DailyValue(date: "2026-08-20", value: nil)]])
        #expect(none.allSatisfy { $0.temperatureMaximum == nil && $0.date == nil && $0.differenceFromFirstYear == nil })
    }
}
