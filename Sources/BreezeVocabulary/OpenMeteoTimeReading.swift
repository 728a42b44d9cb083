// Reading Open-Meteo's time text: every city's observation time goes through here on every
// cycle (the answer and the state file), so it reads the bytes in place — no array, no libc.
extension TimeText {
    /// The unix time of `2026-08-20T14:00` (Open-Meteo's UTC form; `:SS` and a final `Z`
    /// allowed), nil for anything else. As `timegm` counts it: a day past its month's end
    /// (`2026-04-31`) or second 60 runs on into the next.
    public static func unixSeconds(openMeteo text: String) -> Double? {
        var text = text
        return text.withUTF8(unixSeconds(openMeteoBytes:))
    }

    static func unixSeconds(openMeteoBytes bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var count = bytes.count
        if count > 0, bytes[count - 1] == UInt8(ascii: "Z") { count -= 1 }
        guard count == 16 || count == 19,
            bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"),
            count == 16 || bytes[16] == UInt8(ascii: ":")
        else { return nil }
        @inline(__always) func number(_ start: Int, _ length: Int) -> Int? {
            var value = 0
            for index in start..<(start + length) {
                let digit = bytes[index] &- 0x30
                guard digit < 10 else { return nil }
                value = value * 10 + Int(digit)
            }
            return value
        }
        guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
            let hour = number(11, 2), let minute = number(14, 2),
            let second = count == 19 ? number(17, 2) : 0,
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        let days = CivilCalendar.daysSinceEpoch(year: year, month: month, day: day)
        return Double(days * 86_400 + hour * 3_600 + minute * 60 + second)
    }
}
