import BreezeVocabulary

/// Durations in systemd's syntax: `90s`, `15min`, `1h 30min`, `1h30min`, `2d`, `500ms`, `1.5h`;
/// a bare number is seconds and `0` is zero.
public enum DurationSyntax {
    /// Seconds per unit, every spelling systemd accepts.
    private static let units: [String: Double] = {
        var table: [String: Double] = [:]
        let spellings: [([String], Double)] = [
            (["us", "usec", "µs"], 1e-6),
            (["ms", "msec"], 1e-3),
            (["s", "sec", "second", "seconds"], 1),
            (["m", "min", "minute", "minutes"], 60),
            (["h", "hr", "hour", "hours"], 3600),
            (["d", "day", "days"], 86_400),
            (["w", "week", "weeks"], 604_800),
            (["M", "month", "months"], 2_629_800),
            (["y", "year", "years"], 31_557_600),
        ]
        for (names, seconds) in spellings {
            for name in names { table[name] = seconds }
        }
        return table
    }()

    /// The duration `text` means, or nil when it is not a duration (negative, empty, unknown
    /// unit, more than a hundred years).
    public static func parse(_ text: String) -> Duration? {
        var rest = text[...]
        var seconds = 0.0
        var components = 0
        while true {
            rest = rest.drop(while: \.isWhitespace)
            if rest.isEmpty { break }
            let number = rest.prefix(while: { $0.isASCII && ($0.isNumber || $0 == ".") })
            guard !number.isEmpty, number.filter({ $0 == "." }).count <= 1,
                let value = Double(number.hasPrefix(".") ? "0" + number : String(number))
            else { return nil }
            rest = rest.dropFirst(number.count).drop(while: \.isWhitespace)
            let unit = rest.prefix(while: { $0.isLetter })
            rest = rest.dropFirst(unit.count)
            guard let multiplier = unit.isEmpty ? 1 : units[String(unit)] else { return nil }
            seconds += value * multiplier
            components += 1
        }
        guard components > 0, seconds <= 100 * 31_557_600 else { return nil }
        return Duration(seconds: seconds)
    }

    /// `duration` written back in the same syntax, largest units first: `1h 30min`, `90ms`, `0`
    /// (`DurationText.syntax`).
    public static func format(_ duration: Duration) -> String { DurationText.syntax(duration) }
}
