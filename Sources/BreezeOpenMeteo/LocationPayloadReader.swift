import BreezeJSON

#if canImport(Glibc)
import Glibc
#endif

/// Reads one location's element straight from JSON text into a `LocationPayload`, with the
/// same leniency as its `Decodable` form (which the tests hold it to): a bad latitude,
/// longitude or unit is dropped, a `current` value that is not a number is listed as malformed
/// (a column's, kept as +infinity: one hour, not the column), and only
/// a `current`, `hourly` or `daily` that is not an object, or a `time` column that is not a
/// list of strings, makes the element unusable.
enum LocationPayloadReader {
    /// The element at the scanner's position (`index` in an array, nil for a lone object):
    /// the payload, or why this element alone is unusable. Throws only on a syntax error.
    static func read(_ scanner: inout JSONScanner, index: Int?, units: inout UnitsMemo) throws(JSONSyntaxError)
        -> Result<LocationPayload, FetchError>
    {
        let place = index.map { "element \($0 + 1)" } ?? "the response"
        let kind = try scanner.peekKind()
        guard kind == .object else {
            try scanner.skipValue()
            return .failure(.invalidLocation("\(place) is \(kind.name), not an object"))
        }
        var payload = LocationPayload()
        var problem: String?
        try scanner.readObject(depth: 1) { scanner, key throws(JSONSyntaxError) in
            if key.equals("latitude") {
                payload.latitude = try readNumberOrNil(&scanner)
            } else if key.equals("longitude") {
                payload.longitude = try readNumberOrNil(&scanner)
            } else if key.equals("current") {
                payload.current = try readBlock(&scanner, named: "current", problem: &problem, readValues)
            } else if key.equals("hourly") {
                payload.hourly = try readBlock(&scanner, named: "hourly", problem: &problem, readSeries)
            } else if key.equals("daily") {
                payload.daily = try readBlock(&scanner, named: "daily", problem: &problem, readSeries)
            } else if key.equals("current_units") {
                payload.currentUnits = try units.read(&scanner)
            } else if key.equals("hourly_units") {
                payload.hourlyUnits = try units.read(&scanner)
            } else if key.equals("daily_units") {
                payload.dailyUnits = try units.read(&scanner)
            } else {
                try scanner.skipValue(depth: 2)
            }
        }
        if let problem { return .failure(.invalidLocation(problem)) }
        return .success(payload)
    }

    /// A number; anything else (null, a string, a number too large) is nil.
    private static func readNumberOrNil(_ scanner: inout JSONScanner) throws(JSONSyntaxError) -> Double? {
        guard try scanner.peekKind() == .number else {
            try scanner.skipValue(depth: 2)
            return nil
        }
        let value = try scanner.readNumber()
        return value.isFinite ? value : nil
    }

    /// An object block read by `read`, nil for null; another kind is a problem of the element.
    private static func readBlock<Block>(
        _ scanner: inout JSONScanner, named name: String, problem: inout String?,
        _ read: (inout JSONScanner, String, inout String?) throws(JSONSyntaxError) -> Block
    ) throws(JSONSyntaxError) -> Block? {
        switch try scanner.peekKind() {
        case .null:
            try scanner.readNull()
            return nil
        case .object:
            return try read(&scanner, name, &problem)
        case let kind:
            try scanner.skipValue(depth: 2)
            problem = problem ?? "'\(name)' is \(kind.name), not an object"
            return nil
        }
    }

    private static func readValues(
        _ scanner: inout JSONScanner, name: String, problem: inout String?
    ) throws(JSONSyntaxError) -> LocationPayload.Values {
        var values = LocationPayload.Values()
        // Room for every variable Breeze asks for, so the table is not regrown as it fills.
        values.values.reserveCapacity(24)
        try scanner.readObject(depth: 2) { scanner, key throws(JSONSyntaxError) in
            let kind = try scanner.peekKind()
            if key.equals("time") {
                values.time = kind == .string ? try scanner.readString() : nil
                if kind == .number, case let seconds = try scanner.readNumber(), seconds.isFinite {
                    values.unixTime = seconds
                } else if kind != .string && kind != .number {
                    try scanner.skipValue(depth: 3)
                }
            } else if key.equals("interval") {
                try scanner.skipValue(depth: 3)
            } else if kind == .null {
                try scanner.readNull()
                values.values[key.string] = .some(nil)
            } else if kind == .number, case let value = try scanner.readNumber(), value.isFinite {
                values.values[key.string] = value
            } else {
                if kind != .number { try scanner.skipValue(depth: 3) }
                values.malformed.append(key.string)
            }
        }
        return values
    }

    private static func readSeries(
        _ scanner: inout JSONScanner, name: String, problem: inout String?
    ) throws(JSONSyntaxError) -> LocationPayload.Series {
        var series = LocationPayload.Series()
        try scanner.readObject(depth: 2) { scanner, key throws(JSONSyntaxError) in
            if key.equals("time") {
                // Unix times (`timeformat=unixtime`, what the poll asks) in one pass; any other
                // list is read again from its start, as below.
                scanner.skipWhitespace()
                let start = scanner.position
                if try scanner.peekKind() == .array {
                    var seconds: [Double] = []
                    if try scanner.readNumberColumn(depth: 3, into: &seconds), !seconds.isEmpty,
                        !seconds.contains(where: \.isNaN)
                    {
                        series.unixTimes = seconds
                        return
                    }
                    scanner.position = start
                }
                // All strings (iso8601) or all numbers (unixtime); anything else is unusable.
                var times: [String] = []
                var seconds: [Double] = []
                var allStrings = try scanner.peekKind() == .array
                var allNumbers = allStrings
                if allStrings {
                    try scanner.readArray(depth: 3) { scanner throws(JSONSyntaxError) in
                        let kind = try scanner.peekKind()
                        if allStrings, kind == .string {
                            allNumbers = false
                            times.append(try scanner.readString())
                        } else if allNumbers, kind == .number {
                            allStrings = false
                            let value = try scanner.readNumber()
                            allNumbers = value.isFinite
                            seconds.append(value)
                        } else {
                            allStrings = false
                            allNumbers = false
                            try scanner.skipValue(depth: 4)
                        }
                    }
                } else {
                    try scanner.skipValue(depth: 3)
                }
                if allStrings {
                    series.time = times
                } else if allNumbers {
                    series.unixTimes = seconds
                } else {
                    problem = problem ?? "'\(name).time' is not a list of strings or of unix times"
                }
                return
            }
            // Read whole, then into the block's buffer, NaN for a null, +infinity for an element
            // that is not a number (dropped and named by whoever checks the values). Only a
            // column that is not a list is malformed.
            var column: [Double] = []
            column.reserveCapacity(max(series.unixTimes?.count ?? 0, series.time.count))
            if try scanner.peekKind() == .array {
                try scanner.readHourColumn(depth: 3, into: &column)
                series.setColumn(key.string, column)
            } else {
                try scanner.skipValue(depth: 3)
                series.malformed.append(key.string)
            }
        }
        return series
    }

    /// The string-valued entries of a `*_units` object; other entries, or another kind of
    /// value, are ignored.
    static func readUnits(_ scanner: inout JSONScanner) throws(JSONSyntaxError) -> [String: String] {
        guard try scanner.peekKind() == .object else {
            try scanner.skipValue(depth: 2)
            return [:]
        }
        var units: [String: String] = [:]
        try scanner.readObject(depth: 2) { scanner, key throws(JSONSyntaxError) in
            if try scanner.peekKind() == .string {
                units[key.string] = try scanner.readString()
            } else {
                try scanner.skipValue(depth: 3)
            }
        }
        return units
    }
}

/// The last few `*_units` objects read, by their exact text: every element of a response
/// repeats the same units (`current_units` and `hourly_units` in turn), so each later copy is
/// compared byte for byte instead of being built again.
struct UnitsMemo {
    // Room for the poll's two objects and the pollen request's; the oldest makes way.
    private static let capacity = 4
    private var entries: [(text: UnsafeRawBufferPointer, units: [String: String])] = []

    init() {}

    mutating func read(_ scanner: inout JSONScanner) throws(JSONSyntaxError) -> [String: String] {
        scanner.skipWhitespace()
        let start = scanner.position
        // The same text again is the same complete object: step over it unread.
        for entry in entries where start + entry.text.count <= scanner.bytes.count
            && memcmp(entry.text.baseAddress!, scanner.bytes.baseAddress! + start, entry.text.count) == 0
        {
            scanner.position = start + entry.text.count
            return entry.units
        }
        let units = try LocationPayloadReader.readUnits(&scanner)
        if entries.count == Self.capacity { entries.removeFirst() }
        entries.append((UnsafeRawBufferPointer(rebasing: scanner.bytes[start..<scanner.position]), units))
        return units
    }
}
