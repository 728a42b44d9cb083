/// Whole-day arithmetic on Gregorian dates without a `Calendar`: `LocalDay.adding(days:)` runs
/// for every forecast day of every city each poll, and a Foundation calendar costs thousands
/// of instructions per step.
///
/// Only where it is the same as Foundation's Gregorian calendar, which turns Julian before
/// 15 October 1582: valid dates of the years 1600–9999 (a day that is not a date, like
/// 2026-02-31, which Foundation rolls over, is left to it).
enum CivilDays {
    /// The years handled here.
    static let years = 1600...9999

    /// Days from 1970-01-01 to `year-month-day`, nil unless a valid date of `years`.
    static func days(year: Int, month: Int, day: Int) -> Int? {
        guard years.contains(year), (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day)
        else { return nil }
        // Howard Hinnant's days_from_civil: years start in March, so the leap day is last.
        let shifted = month <= 2 ? year - 1 : year
        let era = shifted / 400  // shifted ≥ 1599: no negative division
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date `days` after 1970-01-01, nil outside `years`.
    static func date(days: Int) -> (year: Int, month: Int, day: Int)? {
        // 1600-01-01 is day -135,140 and 9999-12-31 day 2,932,896: outside, nil.
        guard (-135_140...2_932_896).contains(days) else { return nil }
        let shiftedDays = days + 719_468
        let era = shiftedDays / 146_097
        let dayOfEra = shiftedDays - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return years.contains(year) ? (year, month, day) : nil
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
