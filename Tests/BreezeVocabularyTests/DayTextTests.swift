import Foundation
import Testing

@testable import BreezeVocabulary

/// Days as people say them: Today, Tomorrow, Yesterday, else weekday and date, in the zone
/// the time is shown in.
struct DayTextTests {
    /// 2026-12-03T23:30:00Z: Thursday night in London, already Friday in Tokyo and Paris
    /// (00:30 CET).
    static let lateThursday = Instant(unixSeconds: 1_796_340_600)

    @Test(arguments: [
        ((2026, 12, 3), (2026, 12, 3), "Today"), ((2026, 12, 4), (2026, 12, 3), "Tomorrow"),
        ((2026, 12, 2), (2026, 12, 3), "Yesterday"), ((2026, 12, 5), (2026, 12, 3), "Sat 5 Dec"),
        ((2026, 12, 1), (2026, 12, 3), "Tue 1 Dec"),
        // Across the year's end: Tomorrow still, then the year when it is not this one.
        ((2027, 1, 1), (2026, 12, 31), "Tomorrow"), ((2027, 1, 2), (2026, 12, 31), "Sat 2 Jan 2027"),
        // Across a month's end and a leap day.
        ((2028, 3, 1), (2028, 2, 29), "Tomorrow"), ((2028, 2, 29), (2028, 2, 27), "Tue 29 Feb"),
    ])
    func daysFromToday(date: (Int, Int, Int), today: (Int, Int, Int), expected: String) {
        #expect(TimeText.day((date.0, date.1, date.2), today: (today.0, today.1, today.2)) == expected)
    }

    @Test func theDayIsTheZonesNotUTCs() {
        let now = Self.lateThursday
        // One instant, three zones: Thursday in UTC, Friday in Paris and Tokyo.
        #expect(TimeText.localDate(now, in: TimeText.zone("Etc/UTC")).day == 3)
        #expect(TimeText.localDate(now, in: TimeText.zone("Europe/Paris")).day == 4)
        #expect(TimeText.day(named: "2026-12-04", now: now, in: TimeText.zone("Etc/UTC")) == "Tomorrow")
        #expect(TimeText.day(named: "2026-12-04", now: now, in: TimeText.zone("Asia/Tokyo")) == "Today")
        #expect(TimeText.day(named: "2026-12-05", now: now, in: TimeText.zone("Europe/Paris")) == "Tomorrow")
        // Two minutes before, in Paris: 00:28 CET is Friday too; 23:28 UTC Thursday.
        let earlier = now - .seconds(120)
        #expect(TimeText.readable(earlier, now: now, in: TimeText.zone("Europe/Paris")) == "00:28 CET")
        #expect(TimeText.readable(now - .seconds(3600), now: now, in: TimeText.zone("Europe/Paris")) == "Yesterday 23:30 CET")
    }

    @Test func readableTimesNameTheDayNotAnISODate() {
        let paris = TimeText.zone("Europe/Paris")
        let now = Self.lateThursday
        #expect(TimeText.readable(now - .seconds(3 * 86_400), now: now, in: paris) == "Tue 1 Dec 00:30 CET")
        #expect(TimeText.readable(now + .seconds(86_400), now: now, in: paris) == "Tomorrow 00:30 CET")
        #expect(TimeText.span(now - .seconds(7200), now, now: now, in: paris) == "Yesterday 22:30 – Today 00:30 CET")
    }

    @Test func aDigestDayIsNamedByWeekdayAndDate() {
        #expect(TimeText.weekdayAndDate(named: "2026-12-01") == "Tue 1 Dec")
        #expect(TimeText.weekdayAndDate(named: "2026-02-31") == "2026-02-31")
        #expect(TimeText.weekdayAndDate(named: "soon") == "soon")
        #expect(TimeText.day(named: "2026-13-01", now: Self.lateThursday, in: TimeText.zone("Etc/UTC")) == "2026-13-01")
    }

    @Test func hostileDatesNeverTrap() {
        #expect(TimeText.day((-5, 1, 1), today: (2026, 1, 1)) == "-5-01-01")
        #expect(TimeText.day((99_999, 99, 99), today: (2026, 1, 1)) == "99999-99-99")
        #expect(TimeText.day(Instant(unixSeconds: .nan), now: Self.lateThursday, in: TimeText.zone("Etc/UTC")) == "Thu 1 Jan 1970")
        #expect(TimeText.day(named: String(repeating: "9", count: 200), now: Self.lateThursday, in: .current).count == 200)
    }
}
