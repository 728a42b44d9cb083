import BreezeModel
import BreezeVocabulary
import FoundationEssentials

/// The other value types: booleans, numbers, URLs, addresses, clock ranges, headers, zones.
/// Each returns nil (or a problem) for text that is not a valid value; none prints anything.
enum ValueSyntax {
    /// `yes no true false on off 1 0`, in any case.
    static func boolean(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "yes", "true", "on", "1": true
        case "no", "false", "off", "0": false
        default: nil
        }
    }

    /// A finite decimal number (`48.8566`, `-0.1278`, `1e-3`).
    static func number(_ text: String) -> Double? {
        // On bytes: the ASCII characters that are numbers are the digits, each one byte.
        guard text.utf8.allSatisfy({ (0x30...0x39).contains($0) || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E || $0 == 0x65 || $0 == 0x45 }),
            let value = Double(text), value.isFinite
        else { return nil }
        return value
    }

    /// A whole number.
    static func integer(_ text: String) -> Int? {
        Int(text)
    }

    /// Why `text` is not an http(s) URL with a host, or nil when it is one.
    /// The problem never quotes the URL, which may carry a token.
    static func httpURLProblem(_ text: String) -> String? {
        guard let separator = text.firstRange(of: "://") else {
            return "must start with http:// or https://"
        }
        let scheme = text[..<separator.lowerBound].lowercased()
        guard scheme == "http" || scheme == "https" else { return "must be an http or https URL" }
        guard !text.contains(where: { $0.isWhitespace }) else { return "must not contain spaces" }
        guard !VisibleText.needsEscaping(text) else { return "must not contain control or invisible characters" }
        let afterScheme = text[separator.upperBound...]
        let authority = afterScheme.prefix(while: { $0 != "/" && $0 != "?" && $0 != "#" })
        let host = authority.split(separator: "@").last.map(String.init) ?? ""
        guard !host.isEmpty, !host.hasPrefix(":") else { return "has no host name" }
        return nil
    }

    /// A plain address `local@domain`: no display name, no spaces, a domain of dot-separated
    /// labels of letters, digits and hyphens.
    static func isEmailAddress(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return false }
        let forbidden = Set(" \t<>()[]\\,;:\"")
        guard !parts[0].contains(where: { forbidden.contains($0) }) else { return false }
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        return labels.allSatisfy { label in
            !label.isEmpty && !label.hasPrefix("-") && !label.hasSuffix("-")
                && label.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" }
        }
    }

    /// `HH:MM-HH:MM` (24-hour clock) with different start and end.
    static func quietHours(_ text: String) -> QuietHours? {
        let ends = text.split(separator: "-", omittingEmptySubsequences: false)
        guard ends.count == 2, let start = clockMinutes(ends[0].trimmingWhitespace()),
            let end = clockMinutes(ends[1].trimmingWhitespace())
        else { return nil }
        return QuietHours(start: start, end: end)
    }

    /// `HH:MM` (24-hour clock) as minutes since midnight.
    static func clockMinutes(_ text: String) -> Int? {
        let fields = text.split(separator: ":", omittingEmptySubsequences: false)
        guard fields.count == 2, fields[1].count == 2, (1...2).contains(fields[0].count),
            let hours = Int(fields[0]), let minutes = Int(fields[1]),
            (0..<24).contains(hours), (0..<60).contains(minutes)
        else { return nil }
        return hours * 60 + minutes
    }

    /// Minutes since midnight as `HH:MM`: what `clockMinutes` reads.
    static func clockText(_ minutes: Int) -> String {
        CivilCalendar.twoDigits(minutes / 60) + ":" + CivilCalendar.twoDigits(minutes % 60)
    }

    /// Whether `name` is an IANA time zone this system knows.
    static func isTimeZone(_ name: String) -> Bool {
        CivilCalendar.namedZone(name) != nil
    }

    /// An HTTP header split into name and value, or the problem. The problem never quotes the
    /// value, which is usually a credential.
    static func header(_ text: String) -> Result<(name: String, value: String), HeaderProblem> {
        guard !text.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\r\n" }) else {
            return .failure(.lineBreak)
        }
        guard let colon = text.firstIndex(of: ":") else { return .failure(.shape) }
        let name = text[..<colon].trimmingWhitespace()
        let value = text[text.index(after: colon)...].trimmingWhitespace()
        let tokenCharacters = Set("!#$%&'*+-.^_`|~")
        guard !name.isEmpty,
            name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || tokenCharacters.contains($0)) })
        else { return .failure(.shape) }
        return .success((name, value))
    }

    /// What is wrong with a `Header=` value.
    enum HeaderProblem: Error {
        case shape
        case lineBreak
    }

    /// The pollutant a `PollutantLimits=` key names: Breeze's key or Open-Meteo's variable.
    static func pollutant(_ text: String) -> Pollutant? {
        Pollutant(rawValue: text.lowercased())
            ?? Pollutant.allCases.first { $0.openMeteoVariable == text.lowercased() }
    }
}
