/// A date on the proleptic Gregorian calendar (every year by today's rules, year 0 before 1):
/// `year-month-day`.
public struct CivilDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// `2026-08-20`: the one way a date is written as `YYYY-MM-DD`.
    public var description: String {
        "\(year)-\(CivilCalendar.twoDigits(month))-\(CivilCalendar.twoDigits(day))"
    }

    public static func < (left: CivilDate, right: CivilDate) -> Bool {
        (left.year, left.month, left.day) < (right.year, right.month, right.day)
    }
}

/// The wall clock in some zone at one instant: its date, hour, minute and second, and the
/// zone's offset from UTC then.
public struct CivilTime: Sendable, Hashable {
    public var date: CivilDate
    public var hour: Int
    public var minute: Int
    public var second: Int
    /// Seconds east of UTC (`7200` for CEST).
    public var offset: Int

    /// Minutes since the wall clock's midnight (`14:05` is 845).
    public var minuteOfDay: Int { hour * 60 + minute }

    /// `14:05`.
    public var clockText: String { CivilCalendar.twoDigits(hour) + ":" + CivilCalendar.twoDigits(minute) }
}

/// The one calendar engine: instants to wall-clock dates and times in a zone and back, whole-day
/// arithmetic on dates, and which zone a setting names. Dates are counted by Howard Hinnant's
/// `days_from_civil`/`civil_from_days` (no `Calendar` per call: it costs thousands of
/// instructions, and this runs for every forecast day of every city each poll); a zone gives
/// only its offset from UTC at an instant (`CivilZone.offset(at:)`).
public enum CivilCalendar {
    /// UTC.
    public static let utc = CivilZone.utc

    /// The zone a setting names: the first of `names` that is a known IANA zone (an empty or
    /// unknown name counts as absent), else `system` (the machine's zone). The one fallback
    /// rule: a city's and a receiver's `TimeZone=` are read through it.
    public static func zone(_ names: [String?], system: CivilZone = .current) -> CivilZone {
        for case let name? in names {
            if let zone = namedZone(name) { return zone }
        }
        return system
    }

    /// The IANA zone `name` names (`Europe/Paris`), nil for an empty or unknown name.
    public static func namedZone(_ name: String) -> CivilZone? {
        CivilZone(named: name)
    }

    /// The wall clock at `unixSeconds` (whole seconds) in `zone`.
    public static func time(_ unixSeconds: Int, in zone: CivilZone) -> CivilTime {
        time(unixSeconds, offset: offset(in: zone, at: unixSeconds))
    }

    /// The wall clock at `unixSeconds` (whole seconds) `offset` seconds east of UTC.
    public static func time(_ unixSeconds: Int, offset: Int) -> CivilTime {
        let local = unixSeconds + offset
        let days = floorDivide(local, 86_400)
        let intoDay = local - days * 86_400
        return CivilTime(
            date: date(daysSinceEpoch: days), hour: intoDay / 3600, minute: intoDay % 3600 / 60,
            second: intoDay % 60, offset: offset)
    }

    /// `zone`'s offset from UTC at `unixSeconds`, in seconds east.
    public static func offset(in zone: CivilZone, at unixSeconds: Int) -> Int {
        zone.offset(at: unixSeconds)
    }

    /// Days from 1970-01-01 to `date` (negative before), nil when it is not a date (month 13,
    /// 31 April, 29 February of a common year).
    public static func daysSinceEpoch(_ date: CivilDate) -> Int? {
        guard (1...12).contains(date.month), (1...daysIn(month: date.month, year: date.year)).contains(date.day)
        else { return nil }
        return daysSinceEpoch(year: date.year, month: date.month, day: date.day)
    }

    /// Days from 1970-01-01 to `year-month-day` with `month` in 1...12 and `day` running on past
    /// the month's end as `timegm` lets it (31 April is 1 May).
    @inline(__always)
    static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        // Years start in March, so the leap day is last.
        let shifted = month <= 2 ? year - 1 : year
        let era = floorDivide(shifted, 400)
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date `days` after 1970-01-01 (before, when negative).
    public static func date(daysSinceEpoch days: Int) -> CivilDate {
        let shiftedDays = days + 719_468
        let era = floorDivide(shiftedDays, 146_097)
        let dayOfEra = shiftedDays - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return CivilDate(year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month: month, day: day)
    }

    /// The weekday of the date `days` after 1970-01-01: 0 for Sunday to 6 for Saturday.
    public static func weekday(daysSinceEpoch days: Int) -> Int {
        // 1970-01-01 was a Thursday.
        ((days % 7) + 7 + 4) % 7
    }

    /// The days of `month` in `year`.
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// The first instant of local `date` in `zone` whose wall clock reads `minute` (minutes since
    /// midnight) or later: the time itself (its first occurrence when the clock is turned back
    /// over it), or the end of the gap it falls in on a spring-forward day; nil when the day
    /// ends in that gap or the date is not one.
    public static func firstInstant(of date: CivilDate, atMinute minute: Int, in zone: CivilZone) -> Int? {
        guard let midnight = startOfDay(date, in: zone) else { return nil }
        let elapsed = midnight + minute * 60
        // The offset may change between midnight and the time: correct by the difference.
        let shift = offset(in: zone, at: elapsed) - offset(in: zone, at: midnight)
        func reached(_ seconds: Int) -> Bool {
            let local = time(seconds, in: zone)
            return local.date == date && local.minuteOfDay >= minute
        }
        let corrected = elapsed - shift
        if reached(corrected) { return corrected }
        guard reached(elapsed) else { return nil }
        // In a gap: the clock jumps past the time somewhere between the two; find the jump.
        var (low, high) = (min(corrected, elapsed), elapsed)
        while high - low > 1 {
            let middle = floorDivide(low + high, 2)
            if reached(middle) { high = middle } else { low = middle }
        }
        return high
    }

    /// The first instant of local `date` in `zone`: its midnight, or the end of a gap that
    /// swallows midnight; nil when the date is not one.
    public static func startOfDay(_ date: CivilDate, in zone: CivilZone) -> Int? {
        guard let days = daysSinceEpoch(date) else { return nil }
        let wallMidnight = days * 86_400
        func isOnOrAfter(_ seconds: Int) -> Bool { time(seconds, in: zone).date >= date }
        // The usual case: midnight exists, at the offset in force an instant before it.
        let guess = wallMidnight - offset(in: zone, at: wallMidnight - offset(in: zone, at: wallMidnight))
        if isOnOrAfter(guess), !isOnOrAfter(guess - 1) { return guess }
        // Midnight skipped (or turned back over): the first second of the date, between the
        // widest offsets any zone has used.
        var (low, high) = (wallMidnight - 26 * 3600, wallMidnight + 26 * 3600)
        while high - low > 1 {
            let middle = floorDivide(low + high, 2)
            if isOnOrAfter(middle) { high = middle } else { low = middle }
        }
        return high
    }

    /// The next instant after `unixSeconds` whose wall clock in `zone` reads `minute` (minutes
    /// since midnight) exactly, or, when the clock skips that time, the first instant after the
    /// gap.
    public static func next(minute: Int, after unixSeconds: Int, in zone: CivilZone) -> Int? {
        let today = time(unixSeconds, in: zone).date
        guard let todayNumber = daysSinceEpoch(today) else { return nil }
        for dayNumber in todayNumber...(todayNumber + 2) {
            let day = date(daysSinceEpoch: dayNumber)
            guard let first = firstInstant(of: day, atMinute: minute, in: zone) else { continue }
            if first > unixSeconds { return first }
            // A time the clock is turned back over comes twice: the second is as much later as
            // the clock went back (an offset change within hours of the first).
            let second = first + offset(in: zone, at: first) - offset(in: zone, at: first + 6 * 3600)
            let clock = time(second, in: zone)
            if second > unixSeconds, clock.date == day, clock.minuteOfDay == minute, clock.second == 0 { return second }
        }
        return nil
    }

    /// `07`, `14`: a number under 10 with a leading zero.
    public static func twoDigits<Value: BinaryInteger>(_ value: Value) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }

    /// `value / divisor` rounded toward minus infinity.
    @inline(__always)
    static func floorDivide(_ value: Int, _ divisor: Int) -> Int {
        let quotient = value / divisor
        return value % divisor < 0 ? quotient - 1 : quotient
    }
}
