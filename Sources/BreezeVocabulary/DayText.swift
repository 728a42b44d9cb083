import FoundationEssentials

/// Days as people say them: `Today`, `Tomorrow`, `Yesterday`, else the weekday and date
/// (`Thu 4 Dec`, with the year when it is not the year of the day it is read from:
/// `Fri 1 Jan 2027`). The one place a day is named for a person: messages, the page,
/// `breezectl` and the digest all call it.
extension TimeText {
    /// A local calendar date as a tuple: `year-month-day`.
    public typealias LocalDate = (year: Int, month: Int, day: Int)

    /// The name of the local date `date` read on the local date `today`.
    public static func day(_ date: LocalDate, today: LocalDate) -> String {
        day(CivilDate(year: date.year, month: date.month, day: date.day),
            today: CivilDate(year: today.year, month: today.month, day: today.day))
    }

    /// The name of the local date `date` read on the local date `today`.
    public static func day(_ date: CivilDate, today: CivilDate) -> String {
        guard let days = daysSinceEpoch(date), let todays = daysSinceEpoch(today) else { return date.description }
        switch days - todays {
        case 0: return "Today"
        case 1: return "Tomorrow"
        case -1: return "Yesterday"
        default:
            let name = weekdayAndDate(date, days: days)
            return date.year == today.year ? name : name + " \(date.year)"
        }
    }

    /// `Tue 1 Dec`: the weekday and date of the local date written `YYYY-MM-DD`, for a day
    /// named on its own (a digest's); the text as written when it is not such a date.
    public static func weekdayAndDate(named text: String) -> String {
        guard let date = date(named: text), let days = daysSinceEpoch(date) else { return text }
        return weekdayAndDate(date, days: days)
    }

    private static func weekdayAndDate(_ date: CivilDate, days: Int) -> String {
        weekdays[CivilCalendar.weekday(daysSinceEpoch: days)] + " \(date.day) " + months[date.month - 1]
    }

    /// The date written `YYYY-MM-DD`, nil when the text is not one.
    private static func date(named text: String) -> CivilDate? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            daysSinceEpoch(CivilDate(year: year, month: month, day: day)) != nil
        else { return nil }
        return CivilDate(year: year, month: month, day: day)
    }

    /// The name of the local day of `instant` in `zone`, read on `now`'s local day there.
    public static func day(_ instant: Instant, now: Instant, in zone: CivilZone) -> String {
        day(localDate(instant, in: zone), today: localDate(now, in: zone))
    }

    /// The name of the local date written `YYYY-MM-DD` (a forecast day), read on `now`'s
    /// local day in `zone`; the text as written when it is not such a date.
    public static func day(named text: String, now: Instant, in zone: CivilZone) -> String {
        guard let date = date(named: text) else { return text }
        return day(date, today: localDate(now, in: zone))
    }

    /// The local date of `instant` in `zone` (the epoch's for a time beyond any real one).
    public static func localDate(_ instant: Instant, in zone: CivilZone) -> CivilDate {
        zonedParts(instant, in: zone).parts.date
    }

    static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// Days from 1970-01-01 to `date`; nil for a date that is not one (month 13, day 0,
    /// 31 April) or outside the years 1–9999.
    private static func daysSinceEpoch(_ date: CivilDate) -> Int? {
        guard (1...9999).contains(date.year) else { return nil }
        return CivilCalendar.daysSinceEpoch(date)
    }
}
