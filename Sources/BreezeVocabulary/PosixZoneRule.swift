/// A POSIX `TZ` rule (`CET-1CEST,M3.5.0,M10.5.0/3`), as a TZif file's footer gives it for the
/// instants after its last transition (RFC 8536 section 3.3, with its extensions: hours of a
/// rule's time from -167 to 167, daylight time all year), and as `TZ=` may set it.
struct PosixZoneRule: Sendable {
    var standard: ZoneRules.LocalTimeType
    /// The daylight type and when it starts and ends each year; nil for a zone without.
    var daylight: (type: ZoneRules.LocalTimeType, start: YearDay, startTime: Int, end: YearDay, endTime: Int)?

    /// A day of a year as the rule names it.
    enum YearDay: Sendable {
        /// `Jn`: day 1...365, 29 February never counted.
        case julian(Int)
        /// `n`: day 0...365, 29 February counted.
        case zeroBased(Int)
        /// `Mm.w.d`: weekday `d` (0 Sunday) of week `w` (5 the last) of month `m`.
        case weekday(month: Int, week: Int, weekday: Int)

        /// Days from 1970-01-01 to this day of `year`.
        func daysSinceEpoch(year: Int) -> Int {
            let january1 = CivilCalendar.daysSinceEpoch(year: year, month: 1, day: 1)
            switch self {
            case .julian(let day):
                let leap = CivilCalendar.daysIn(month: 2, year: year) == 29
                return january1 + day - 1 + (leap && day >= 60 ? 1 : 0)
            case .zeroBased(let day):
                return january1 + day
            case .weekday(let month, let week, let weekday):
                let first = CivilCalendar.daysSinceEpoch(year: year, month: month, day: 1)
                var day = first + (weekday - CivilCalendar.weekday(daysSinceEpoch: first) + 7) % 7 + 7 * (week - 1)
                while day - first >= CivilCalendar.daysIn(month: month, year: year) { day -= 7 }
                return day
            }
        }
    }

    /// nil when `text` is not a rule this reads.
    init?(_ text: String) {
        var reader = Reader(bytes: Array(text.utf8))
        guard let standardName = reader.name(), let standardOffset = reader.offset() else { return nil }
        standard = ZoneRules.LocalTimeType(offset: standardOffset, daylight: false, name: standardName)
        guard !reader.atEnd else {
            daylight = nil
            return
        }
        guard let daylightName = reader.name() else { return nil }
        let daylightOffset = reader.peekIsRuleStart ? standardOffset + 3600 : reader.offset() ?? standardOffset + 3600
        var start = YearDay.weekday(month: 3, week: 2, weekday: 0)
        var end = YearDay.weekday(month: 11, week: 1, weekday: 0)
        var (startTime, endTime) = (7200, 7200)
        if !reader.atEnd {
            // No rule after a daylight name: the United States' (as glibc reads it).
            guard reader.take(","), let first = reader.yearDay() else { return nil }
            start = first
            if reader.take("/") { guard let time = reader.time() else { return nil }; startTime = time }
            guard reader.take(","), let second = reader.yearDay() else { return nil }
            end = second
            if reader.take("/") { guard let time = reader.time() else { return nil }; endTime = time }
            guard reader.atEnd else { return nil }
        }
        daylight = (
            ZoneRules.LocalTimeType(offset: daylightOffset, daylight: true, name: daylightName),
            start, startTime, end, endTime
        )
    }

    /// The type in force at `unixSeconds`.
    func type(at unixSeconds: Int) -> ZoneRules.LocalTimeType {
        guard let daylight else { return standard }
        // The changes of the year before, this one and the next: the last at or before the
        // instant says which type holds (a rule may start daylight time late in December).
        let year = CivilCalendar.time(unixSeconds, offset: 0).date.year
        var latest: (at: Int, daylight: Bool)?
        for candidate in (year - 1)...(year + 1) {
            // A start is in standard time's wall clock, an end in daylight time's.
            let starts = daylight.start.daysSinceEpoch(year: candidate) * 86_400 + daylight.startTime - standard.offset
            let ends = daylight.end.daysSinceEpoch(year: candidate) * 86_400 + daylight.endTime - daylight.type.offset
            for change in [(starts, true), (ends, false)] where change.0 <= unixSeconds {
                if latest.map({ change.0 >= $0.at }) ?? true { latest = (change.0, change.1) }
            }
        }
        return latest?.daylight == true ? daylight.type : standard
    }

    /// Reads the parts of a rule from the front of its bytes.
    private struct Reader {
        let bytes: [UInt8]
        var at = 0

        var atEnd: Bool { at == bytes.count }
        var peekIsRuleStart: Bool { at < bytes.count && bytes[at] == UInt8(ascii: ",") }

        mutating func take(_ character: Unicode.Scalar) -> Bool {
            guard at < bytes.count, bytes[at] == UInt8(ascii: character) else { return false }
            at += 1
            return true
        }

        /// `CET` (three or more letters) or `<+0530>` (three or more letters, digits, + or -).
        mutating func name() -> String? {
            let start = at
            if take("<") {
                while at < bytes.count, bytes[at] != UInt8(ascii: ">") {
                    let byte = bytes[at]
                    guard isLetter(byte) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2B || byte == 0x2D else { return nil }
                    at += 1
                }
                guard at - start - 1 >= 3, take(">") else { return nil }
                return String(decoding: bytes[(start + 1)..<(at - 1)], as: UTF8.self)
            }
            while at < bytes.count, isLetter(bytes[at]) { at += 1 }
            return at - start >= 3 ? String(decoding: bytes[start..<at], as: UTF8.self) : nil
        }

        /// An offset as written, west positive (`-1` is one hour east), as seconds east.
        mutating func offset() -> Int? {
            guard let value = clock(maxHours: 24) else { return nil }
            return -value
        }

        /// A rule's time of day, hours -167...167.
        mutating func time() -> Int? { clock(maxHours: 167) }

        /// `[+-]h[h[h]][:mm[:ss]]` as seconds.
        private mutating func clock(maxHours: Int) -> Int? {
            let sign = take("-") ? -1 : (take("+") ? 1 : 1)
            guard let hours = number(maxDigits: 3), hours <= maxHours else { return nil }
            var seconds = hours * 3600
            if take(":") {
                guard let minutes = number(maxDigits: 2), minutes < 60 else { return nil }
                seconds += minutes * 60
                if take(":") {
                    guard let more = number(maxDigits: 2), more < 60 else { return nil }
                    seconds += more
                }
            }
            return sign * seconds
        }

        /// `Jn`, `n` or `Mm.w.d`.
        mutating func yearDay() -> YearDay? {
            if take("J") {
                guard let day = number(maxDigits: 3), (1...365).contains(day) else { return nil }
                return .julian(day)
            }
            if take("M") {
                guard let month = number(maxDigits: 2), (1...12).contains(month), take("."),
                    let week = number(maxDigits: 1), (1...5).contains(week), take("."),
                    let weekday = number(maxDigits: 1), (0...6).contains(weekday)
                else { return nil }
                return .weekday(month: month, week: week, weekday: weekday)
            }
            guard let day = number(maxDigits: 3), (0...365).contains(day) else { return nil }
            return .zeroBased(day)
        }

        private mutating func number(maxDigits: Int) -> Int? {
            var value = 0
            var digits = 0
            while at < bytes.count, bytes[at] >= 0x30, bytes[at] <= 0x39, digits < maxDigits {
                value = value * 10 + Int(bytes[at] - 0x30)
                at += 1
                digits += 1
            }
            return digits > 0 ? value : nil
        }

        private func isLetter(_ byte: UInt8) -> Bool { (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) }
    }
}
