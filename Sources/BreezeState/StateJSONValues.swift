import BreezeJSON
import BreezeModel
import BreezeVocabulary

// The value rules `StateJSONReader` shares with `JSONDecoder`: numbers, whole numbers,
// strings, band slugs, pollutant names, and optional values that may be null or missing.
extension StateJSONReader {
    static func peek(_ scanner: inout JSONScanner) throws(Failure) -> JSONValueKind {
        try scanner.peekKind()
    }

    static func skip(_ scanner: inout JSONScanner) throws(Failure) {
        try scanner.skipValue(depth: 4)
    }

    /// Walks an object's members; `body` must consume each value.
    static func members(
        _ scanner: inout JSONScanner, of what: String,
        _ body: (inout JSONScanner, JSONKey) throws(Failure) -> Void
    ) throws(Failure) {
        guard try scanner.peekKind() == .object else { throw scanner.error("\(what) is not an object") }
        try scanner.readObject(depth: 1, body)
    }

    /// nil for null; otherwise `read`'s value.
    static func optional<Value>(
        _ scanner: inout JSONScanner, _ read: (inout JSONScanner) throws(Failure) -> Value
    ) throws(Failure) -> Value? {
        if try scanner.peekKind() == .null {
            try scanner.readNull()
            return nil
        }
        return try read(&scanner)
    }

    /// `value`, or an error naming the missing key at the end of its object.
    static func required<Value>(_ scanner: JSONScanner, _ value: Value?, _ name: String) throws(Failure) -> Value {
        guard let value else { throw scanner.error("missing '\(name)'") }
        return value
    }

    static func number(_ scanner: inout JSONScanner, _ name: String) throws(Failure) -> Double {
        guard try scanner.peekKind() == .number else { throw scanner.error("'\(name)' is not a number") }
        let value = try scanner.readNumber()
        guard value.isFinite else { throw scanner.error("'\(name)' is out of range") }
        return value
    }

    static func integer(_ scanner: inout JSONScanner, _ name: String) throws(Failure) -> Int {
        let value = try number(&scanner, name)
        guard let whole = Int(exactly: value) else { throw scanner.error("'\(name)' is not a whole number") }
        return whole
    }

    /// A unix time between 1970 and 9999: anything else (1e20, -1) is not one the daemon wrote,
    /// and would trap where it becomes an integer.
    static func time(_ scanner: inout JSONScanner, _ name: String) throws(Failure) -> Double {
        let value = try number(&scanner, name)
        guard TimeText.stored.contains(value) else {
            throw scanner.error(TimeText.notStored(name))
        }
        return value
    }

    /// `name`'s time (as `time` checks it) as an instant, or nil for `null`.
    static func optionalTime(_ scanner: inout JSONScanner, _ name: String) throws(Failure) -> Instant? {
        try optional(&scanner) { scanner throws(Failure) in try time(&scanner, name) }.map(Instant.init(unixSeconds:))
    }

    /// A counter of polls or events: 0…2^31-1, so counting on never overflows.
    static func count(_ scanner: inout JSONScanner, _ name: String) throws(Failure) -> Int {
        let value = try integer(&scanner, name)
        guard (0...Int(Int32.max)).contains(value) else { throw scanner.error("'\(name)' is out of range") }
        return value
    }

    /// An AQI or sub-index on the scale (`ReportedValue.aqiScale`), as the daemon keeps them.
    static func index(_ scanner: inout JSONScanner, _ name: String) throws(Failure) -> Int {
        let value = try integer(&scanner, name)
        guard ReportedValue.aqiScale.contains(value) else { throw scanner.error("'\(name)' is off the AQI scale") }
        return value
    }

    /// A number within `range`.
    static func number(_ scanner: inout JSONScanner, _ name: String, in range: ClosedRange<Double>) throws(Failure)
        -> Double
    {
        let value = try number(&scanner, name)
        guard range.contains(value) else { throw scanner.error("'\(name)' is out of range") }
        return value
    }

    static func string(_ scanner: inout JSONScanner, _ name: String) throws(Failure) -> String {
        guard try scanner.peekKind() == .string else { throw scanner.error("'\(name)' is not a string") }
        return try scanner.readString()
    }

    static func band(_ scanner: inout JSONScanner) throws(Failure) -> Band {
        let slug = try string(&scanner, "band")
        guard let band = Band(slug: slug) else { throw scanner.error("unknown band '\(slug)'") }
        return band
    }

    static func pollutant(_ scanner: JSONScanner, _ key: JSONKey) throws(Failure) -> Pollutant {
        guard let pollutant = Pollutant(rawValue: key.string) else {
            throw scanner.error("unknown pollutant '\(key.string)'")
        }
        return pollutant
    }
}
