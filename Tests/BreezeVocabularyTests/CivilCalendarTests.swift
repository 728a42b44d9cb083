import Foundation
import Testing

@testable import BreezeVocabulary

/// The calendar engine at its edges: daylight-saving changes (Europe/Paris in March and
/// October, Australia/Adelaide's 30-minute offset, Lord Howe's 30-minute change), UTC, leap
/// days, 1970 and 2100; and against Foundation's calendar as the reference across years.
struct CivilCalendarTests {
    static let paris = CivilZone(named: "Europe/Paris")!
    static let adelaide = CivilZone(named: "Australia/Adelaide")!
    static let kolkata = CivilZone(named: "Asia/Kolkata")!
    static let lordHowe = CivilZone(named: "Australia/Lord_Howe")!

    func date(_ year: Int, _ month: Int, _ day: Int) -> CivilDate { CivilDate(year: year, month: month, day: day) }

    @Test func theEpochAnd2100InUTC() {
        let epoch = CivilCalendar.time(0, in: CivilCalendar.utc)
        #expect(epoch.date == date(1970, 1, 1) && epoch.hour == 0 && epoch.minute == 0 && epoch.second == 0)
        #expect(CivilCalendar.time(-1, offset: 0).date == date(1969, 12, 31))
        #expect(CivilCalendar.time(-1, offset: 0).clockText == "23:59")
        // 2100 is not a leap year: 28 February is followed by 1 March.
        #expect(CivilCalendar.daysSinceEpoch(date(2100, 2, 29)) == nil)
        let march = CivilCalendar.time(4_107_542_400, offset: 0)
        #expect(march.date == date(2100, 3, 1) && march.minuteOfDay == 0)
        #expect(CivilCalendar.time(4_107_542_399, offset: 0).date == date(2100, 2, 28))
        #expect(CivilCalendar.daysSinceEpoch(date(1970, 1, 1)) == 0)
        #expect(CivilCalendar.daysSinceEpoch(date(2100, 3, 1)) == 4_107_542_400 / 86_400)
    }

    @Test func leapDays() {
        #expect(CivilCalendar.daysSinceEpoch(date(2024, 2, 29)) == 1_709_208_000 / 86_400)
        #expect(CivilCalendar.daysSinceEpoch(date(2023, 2, 29)) == nil)
        #expect(CivilCalendar.daysSinceEpoch(date(2000, 2, 29)) != nil)  // divisible by 400
        #expect(CivilCalendar.daysSinceEpoch(date(1900, 2, 29)) == nil)  // by 100, not 400
        #expect(CivilCalendar.date(daysSinceEpoch: 1_709_208_000 / 86_400 + 1) == date(2024, 3, 1))
        #expect(CivilCalendar.weekday(daysSinceEpoch: CivilCalendar.daysSinceEpoch(date(2024, 2, 29))!) == 4)  // Thursday
        #expect(CivilCalendar.daysSinceEpoch(date(2026, 4, 31)) == nil)
        #expect(CivilCalendar.daysSinceEpoch(date(2026, 13, 1)) == nil)
        #expect(CivilCalendar.daysSinceEpoch(date(2026, 1, 0)) == nil)
    }

    @Test func parisSpringForward() {
        // 2026-03-29 02:00 CET becomes 03:00 CEST at 01:00 UTC.
        let before = CivilCalendar.time(1_774_746_000 - 1, in: Self.paris)
        #expect(before.clockText == "01:59" && before.second == 59 && before.offset == 3600)
        let after = CivilCalendar.time(1_774_746_000, in: Self.paris)
        #expect(after.clockText == "03:00" && after.offset == 7200)
        #expect(CivilCalendar.startOfDay(date(2026, 3, 29), in: Self.paris) == 1_774_738_800)
        // 02:30 does not exist that day: the first instant after the gap.
        #expect(CivilCalendar.firstInstant(of: date(2026, 3, 29), atMinute: 150, in: Self.paris) == 1_774_746_000)
        #expect(CivilCalendar.next(minute: 150, after: 1_774_746_000 - 3600, in: Self.paris) == 1_774_746_000)
        // 04:00 CEST is three hours of elapsed time after midnight, not four.
        #expect(CivilCalendar.firstInstant(of: date(2026, 3, 29), atMinute: 240, in: Self.paris) == 1_774_738_800 + 3 * 3600)
    }

    @Test func parisFallBack() {
        // 2026-10-25 03:00 CEST becomes 02:00 CET at 01:00 UTC: 02:30 comes twice.
        #expect(CivilCalendar.time(1_792_888_200, in: Self.paris).clockText == "02:30")
        #expect(CivilCalendar.time(1_792_891_800, in: Self.paris).clockText == "02:30")
        #expect(CivilCalendar.time(1_792_890_000, in: Self.paris).offset == 3600)
        #expect(CivilCalendar.firstInstant(of: date(2026, 10, 25), atMinute: 150, in: Self.paris) == 1_792_888_200)
        #expect(CivilCalendar.next(minute: 150, after: 1_792_888_200 - 60, in: Self.paris) == 1_792_888_200)
        #expect(CivilCalendar.next(minute: 150, after: 1_792_888_200, in: Self.paris) == 1_792_891_800)
        #expect(CivilCalendar.next(minute: 150, after: 1_792_891_800, in: Self.paris) == 1_792_891_800 + 86_400)
        // The day has 25 hours.
        let start = CivilCalendar.startOfDay(date(2026, 10, 25), in: Self.paris)!
        #expect(CivilCalendar.startOfDay(date(2026, 10, 26), in: Self.paris)! - start == 25 * 3600)
    }

    @Test func halfHourOffsets() {
        #expect(CivilCalendar.time(0, in: Self.kolkata).clockText == "05:30")
        #expect(CivilCalendar.startOfDay(date(1970, 1, 1), in: Self.kolkata) == -19_800)
        // Adelaide (+09:30, +10:30 in summer) turns 02:00 into 03:00 on 2026-10-04 at 16:30 UTC the day before.
        let change = 1_791_072_000 - 7 * 3600 - 1800
        #expect(CivilCalendar.time(change - 1, in: Self.adelaide).clockText == "01:59")
        #expect(CivilCalendar.time(change, in: Self.adelaide).clockText == "03:00")
        #expect(CivilCalendar.time(change, in: Self.adelaide).offset == 37_800)
        // Lord Howe moves its clock by 30 minutes only: 02:00 becomes 02:30.
        let lordHoweStart = CivilCalendar.startOfDay(date(2026, 10, 4), in: Self.lordHowe)!
        let skipped = CivilCalendar.firstInstant(of: date(2026, 10, 4), atMinute: 135, in: Self.lordHowe)!
        #expect(CivilCalendar.time(skipped, in: Self.lordHowe).clockText == "02:30")
        #expect(skipped - lordHoweStart == 2 * 3600)
    }

    @Test func theZoneFallback() {
        let system = CivilZone(named: "Asia/Tokyo")!
        #expect(CivilCalendar.zone(["Europe/Paris", "UTC"], system: system) == Self.paris)
        #expect(CivilCalendar.zone([nil, "", "Not/AZone", "Europe/Paris"], system: system) == Self.paris)
        #expect(CivilCalendar.zone(["Not/AZone"], system: system) == system)
        #expect(CivilCalendar.zone([], system: system) == system)
    }

    @Test func datesAsFoundationsCalendar() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        // Every 97th day from 1600 to 9999 (Foundation turns Julian before 1582).
        for days in stride(from: -135_140, through: 2_932_896, by: 97) {
            let parts = calendar.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: Double(days) * 86_400))
            let expected = CivilDate(year: parts.year!, month: parts.month!, day: parts.day!)
            #expect(CivilCalendar.date(daysSinceEpoch: days) == expected)
            #expect(CivilCalendar.daysSinceEpoch(expected) == days)
        }
    }

    /// Every day of 2026 in zones with changes at different hours: the start of the day, the
    /// wall clock each quarter hour, and the next 02:30 and 07:00, as Foundation's calendar has them.
    @Test(arguments: ["Europe/Paris", "America/New_York", "Australia/Adelaide", "Australia/Lord_Howe", "Asia/Kolkata", "UTC", "America/Sao_Paulo"])
    func zonesAsFoundationsCalendar(name: String) {
        let zone = CivilZone(named: name)!
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: name)!
        for dayNumber in CivilCalendar.daysSinceEpoch(date(2026, 1, 1))!...CivilCalendar.daysSinceEpoch(date(2026, 12, 31))! {
            let day = CivilCalendar.date(daysSinceEpoch: dayNumber)
            let noon = calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day, hour: 12))!
            let start = Int(calendar.startOfDay(for: noon).timeIntervalSince1970)
            #expect(CivilCalendar.startOfDay(day, in: zone) == start, "\(name) \(day)")
            for quarter in 0..<100 {
                let instant = start + quarter * 900
                let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: Date(timeIntervalSince1970: Double(instant)))
                let time = CivilCalendar.time(instant, in: zone)
                #expect(time.date == CivilDate(year: parts.year!, month: parts.month!, day: parts.day!) && time.hour == parts.hour!
                    && time.minute == parts.minute!, "\(name) \(instant)")
                guard quarter % 4 == 1 else { continue }
                for minute in [150, 420] {
                    let expected = calendar.nextDate(
                        after: Date(timeIntervalSince1970: Double(instant)),
                        matching: DateComponents(hour: minute / 60, minute: minute % 60, second: 0), matchingPolicy: .nextTime)
                    #expect(CivilCalendar.next(minute: minute, after: instant, in: zone) == expected.map { Int($0.timeIntervalSince1970) },
                        "\(name) next \(minute) after \(instant)")
                }
            }
        }
    }

    @Test func anEmailDateAsFoundationsFormatter() {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss Z"
        for zone in [Self.paris, Self.kolkata, CivilZone(named: "America/St_Johns")!, CivilCalendar.utc] {
            formatter.timeZone = TimeZone(identifier: zone.identifier)!
            for seconds in [0, 1_709_208_000, 1_774_746_000, 1_792_891_801, 4_107_542_399] {
                let instant = Instant(unixSeconds: Double(seconds))
                #expect(TimeText.rfc5322(instant, in: zone) == formatter.string(from: Date(timeIntervalSince1970: Double(seconds))))
            }
        }
        #expect(TimeText.rfc5322(Instant(unixSeconds: 1_792_891_800), in: Self.paris) == "Sun, 25 Oct 2026 02:30:00 +0100")
    }
}
