#if canImport(Glibc)
import Glibc
#endif
import Testing
import BreezeVocabulary

/// The byte-level reader of Open-Meteo times against the one it replaced (an array of the
/// bytes and libc's `timegm`), kept here as the reference.
struct OpenMeteoTimeReadingTests {
    static func reference(_ text: String) -> Double? {
        var bytes = Array(text.utf8)
        if bytes.last == UInt8(ascii: "Z") { bytes.removeLast() }
        guard bytes.count == 16 || bytes.count == 19 else { return nil }
        func number(_ range: Range<Int>) -> Int32? {
            var value: Int32 = 0
            for byte in bytes[range] {
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int32(byte - 0x30)
            }
            return value
        }
        let separators: [(Int, Character)] = [(4, "-"), (7, "-"), (10, "T"), (13, ":")] + (bytes.count == 19 ? [(16, ":")] : [])
        guard separators.allSatisfy({ bytes[$0.0] == $0.1.asciiValue }),
            let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16),
            let second = bytes.count == 19 ? number(17..<19) : 0,
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        var parts = tm()
        parts.tm_year = year - 1900
        parts.tm_mon = month - 1
        parts.tm_mday = day
        parts.tm_hour = hour
        parts.tm_min = minute
        parts.tm_sec = second
        return Double(timegm(&parts))
    }

    static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    static func four(_ value: Int) -> String { String(repeating: "0", count: 4 - String(value).count) + String(value) }

    @Test func everyDayOfManyYearsAsTimegmCountsIt() {
        // Day 00 and 32 are refused; 29–31 of every month (including February in leap and
        // common years, and 1900, 2000, 2100) run on as timegm's normalisation does.
        for year in [0, 1, 4, 99, 100, 399, 400, 1600, 1900, 1969, 1970, 1972, 2000, 2024, 2025, 2026, 2100, 2400, 9999] {
            for month in 0...13 {
                for day in 0...32 {
                    let text = "\(Self.four(year))-\(Self.two(month))-\(Self.two(day))T23:59"
                    #expect(TimeText.unixSeconds(openMeteo: text) == Self.reference(text), "\(text)")
                }
            }
        }
    }

    @Test func everyClockOfADayAsTimegmCountsIt() {
        for hour in [0, 1, 9, 12, 23, 24, 99] {
            for minute in [0, 1, 30, 59, 60, 99] {
                for second in [0, 1, 59, 60, 61, 99] {
                    for text in ["2026-02-28T\(Self.two(hour)):\(Self.two(minute))",
                                 "2026-12-31T\(Self.two(hour)):\(Self.two(minute)):\(Self.two(second))",
                                 "1970-01-01T\(Self.two(hour)):\(Self.two(minute)):\(Self.two(second))Z"] {
                        #expect(TimeText.unixSeconds(openMeteo: text) == Self.reference(text), "\(text)")
                    }
                }
            }
        }
    }

    @Test func hostileTextsAsTheReferenceReadsThem() {
        let texts = ["", "Z", "ZZ", "soon", "2026-08-20T14:00", "2026-08-20T14:00Z", "2026-08-20T14:00ZZ",
                     "2026-08-20T14:00:00Z", "2026-08-20T14:00:00", "2026-08-20 14:00", "2026/08/20T14:00",
                     "2026-08-20T14-00", "2026-08-20T14:00:0", "2026-08-20T14:00.00", "+026-08-20T14:00",
                     "-026-08-20T14:00", "2026-0a-20T14:00", "2026-08-2\u{0}T14:00", "２０２６-08-20T14:00",
                     "2026-08-20T14:0\u{301}", "東京東京東京東京東京東京", "2026-08-20T14:00\n", " 2026-08-20T14:00",
                     "2026-08-20t14:00", "2026-08-20T14:00:00.5", String(repeating: "9", count: 16),
                     String(repeating: "9", count: 19), "9999-12-31T23:59:60Z", "0000-01-01T00:00",
                     "2026-08-20T14:00" + String(repeating: " ", count: 200)]
        for text in texts {
            #expect(TimeText.unixSeconds(openMeteo: text) == Self.reference(text), "\(text.debugDescription)")
        }
    }

    @Test func aBridgedOrSubstringTextReadsAlike() {
        let long = "xx2026-08-20T14:00:00Zxx"
        let text = String(long.dropFirst(2).dropLast(2))
        #expect(TimeText.unixSeconds(openMeteo: text) == 1_787_234_400)
        #expect(TimeText.unixSeconds(openMeteo: "2026-04-31T00:00") == TimeText.unixSeconds(openMeteo: "2026-05-01T00:00"))
    }
}
