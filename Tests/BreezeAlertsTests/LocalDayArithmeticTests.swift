import Testing

@testable import BreezeAlerts

/// `LocalDay.adding(days:)` and `days(until:)` count on `CivilCalendar` where they can: the same
/// day as Foundation's Gregorian calendar (kept as `addingByCalendar`/`daysByCalendar`) for
/// every date and offset, including dates that are not dates and years at the edges.
struct LocalDayArithmeticTests {
    static let offsets = [0, 1, -1, 2, 7, 8, 28, 29, 30, 31, -31, 59, 60, 365, 366, -366, 1461, 36_524, -146_097, 400_000]

    @Test func addingEqualsTheCalendar() {
        var days: [LocalDay] = []
        for year in [1582, 1599, 1600, 1700, 1900, 1969, 1970, 2000, 2024, 2025, 2026, 2100, 2400, 9998, 9999] {
            for month in [1, 2, 3, 6, 12] {
                for day in [1, 15, 28, 29, 30, 31] { days.append(LocalDay(year: year, month: month, day: day)) }
            }
        }
        days += [LocalDay(year: 2026, month: 13, day: 1), LocalDay(year: 2026, month: 0, day: 5),
                 LocalDay(year: 2026, month: 2, day: 31), LocalDay(year: 10_000, month: 1, day: 1),
                 LocalDay(year: 2026, month: 4, day: 31), LocalDay(year: 1, month: 1, day: 1)]
        for start in days {
            for offset in Self.offsets {
                #expect(start.adding(days: offset) == start.addingByCalendar(days: offset), "\(start) + \(offset)")
            }
            for other in days where other.year >= 1599 && other.year <= 2401 {
                #expect(start.days(until: other) == start.daysByCalendar(until: other), "\(start) → \(other)")
            }
        }
    }

    /// Every day of four years, one after the other, as the calendar steps them.
    @Test func everyDayOfFourYearsStepsAsTheCalendar() {
        var day = LocalDay(year: 2023, month: 1, day: 1)
        for _ in 0..<(4 * 366) {
            let next = day.next
            #expect(next == day.addingByCalendar(days: 1), "\(day)")
            #expect(day.days(until: next) == 1)
            day = next
        }
        #expect(day == LocalDay(year: 2027, month: 1, day: 4))  // 365 + 366 + 365 + 365 + 3
    }
}
