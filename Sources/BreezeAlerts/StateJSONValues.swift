import BreezeJSON
import BreezeModel

// The value rules `StateJSONReader` shares with `JSONDecoder`: numbers, whole numbers,
// strings, band slugs, pollutant names, and optional values that may be null or missing.
extension StateJSONReader {
    static func syntax<Value>(_ read: () throws(JSONSyntaxError) -> Value) throws(Failure) -> Value {
        do {
            return try read()
        } catch {
            throw Failure(description: error.description)
        }
    }

    static func peek(_ scanner: inout JSONScanner) throws(Failure) -> JSONValueKind {
        try syntax { () throws(JSONSyntaxError) in try scanner.peekKind() }
    }

    static func skip(_ scanner: inout JSONScanner) throws(Failure) {
        try syntax { () throws(JSONSyntaxError) in try scanner.skipValue(depth: 4) }
    }

    /// Walks an object's members; `body` must consume each value.
    static func members(
        _ scanner: inout JSONScanner, of what: String,
        _ body: (inout JSONScanner, JSONKey) throws(Failure) -> Void
    ) throws(Failure) {
        guard try peek(&scanner) == .object else { throw Failure(description: "\(what) is not an object") }
        var failure: Failure?
        do throws(JSONSyntaxError) {
            try scanner.readObject(depth: 1) { scanner, key throws(JSONSyntaxError) in
                do throws(Failure) {
                    try body(&scanner, key)
                } catch {
                    failure = error
                    // Stop at the first problem: the whole file is refused anyway.
                    throw JSONSyntaxError(message: error.description, offset: scanner.position)
                }
            }
        } catch {
            throw failure ?? Failure(description: error.description)
        }
    }

    /// nil for null; otherwise `read`'s value.
    static func optional<Value>(
        _ scanner: inout JSONScanner, _ read: (inout JSONScanner) throws(Failure) -> Value
    ) throws(Failure) -> Value? {
        if try peek(&scanner) == .null {
            try syntax { () throws(JSONSyntaxError) in try scanner.readNull() }
            return nil
        }
        return try read(&scanner)
    }

    static func required<Value>(_ value: Value?, _ name: String) throws(Failure) -> Value {
        guard let value else { throw Failure(description: "missing '\(name)'") }
        return value
    }

    static func number(_ scanner: inout JSONScanner, _ name: String) throws(Failure) -> Double {
        guard try peek(&scanner) == .number else { throw Failure(description: "'\(name)' is not a number") }
        let value = try syntax { () throws(JSONSyntaxError) in try scanner.readNumber() }
        guard value.isFinite else { throw Failure(description: "'\(name)' is out of range") }
        return value
    }

    static func integer(_ scanner: inout JSONScanner, _ name: String) throws(Failure) -> Int {
        let value = try number(&scanner, name)
        guard let whole = Int(exactly: value) else { throw Failure(description: "'\(name)' is not a whole number") }
        return whole
    }

    static func string(_ scanner: inout JSONScanner, _ name: String) throws(Failure) -> String {
        guard try peek(&scanner) == .string else { throw Failure(description: "'\(name)' is not a string") }
        return try syntax { () throws(JSONSyntaxError) in try scanner.readString() }
    }

    static func band(_ scanner: inout JSONScanner) throws(Failure) -> Band {
        let slug = try string(&scanner, "band")
        guard let band = Band(slug: slug) else { throw Failure(description: "unknown band '\(slug)'") }
        return band
    }

    static func pollutant(_ key: JSONKey) throws(Failure) -> Pollutant {
        guard let pollutant = Pollutant(rawValue: key.string) else {
            throw Failure(description: "unknown pollutant '\(key.string)'")
        }
        return pollutant
    }
}
