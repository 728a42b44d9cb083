import BreezeJSON
import BreezeModel
import BreezeVocabulary

/// `sensors.json`'s text, written and read back with every number checked:
///
///     {"sensors":{"backyard":{"hours":[{"count":30,"minutes":"fffffffffffffff",
///     "start":1796115600,"sum":301.5}],"kind":"purpleair","lastSampleAt":1796119080}},"version":1}
///
/// `start` is the hour's start in unix seconds; `minutes` the 60-bit mask of its covered
/// minutes in hexadecimal (as text: a JSON number is read as a `Double`, exact only to 2⁵³).
enum SensorHoursDocument {
    /// The version this Breeze writes and reads; any other is not read.
    static let version = 1
    /// The most samples one hour can hold: far more than any poll interval gives.
    static let largestCount = 1_000_000

    static func encode(_ entries: [String: SensorHoursFile.Entry]) throws(JSONWriter.NonFiniteNumber) -> [UInt8] {
        var writer = JSONWriter(capacity: 256 + entries.count * 64 * (SensorHours.keptHours + 1))
        writer.beginObject()
        writer.key("sensors")
        writer.beginObject()
        for name in entries.keys.sorted(by: JSONWriter.precedes) {
            let entry = entries[name]!
            writer.key(name)
            writer.beginObject()
            writer.key("hours")
            writer.beginArray()
            for hour in entry.hours.hours {
                writer.element()
                writer.beginObject()
                writer.key("count")
                writer.writeInteger(hour.count)
                writer.key("minutes")
                writer.writeString(String(hour.minuteMask & SensorHour.allMinutes, radix: 16))
                writer.key("start")
                writer.writeInteger(Int(hour.index) * 3600)
                writer.key("sum")
                try writer.writeDouble(hour.sum, key: "sum")
                writer.endObject()
            }
            writer.endArray()
            writer.key("kind")
            writer.writeString(entry.kind.rawValue)
            if let last = entry.hours.lastSampleAt {
                writer.key("lastSampleAt")
                try writer.writeDouble(last.unixSeconds, key: "lastSampleAt")
            }
            writer.endObject()
        }
        writer.endObject()
        writer.key("version")
        writer.writeInteger(version)
        writer.endObject()
        return writer.bytes
    }

    /// The entries in `bytes`, by sensor name. Hours before the last `SensorHours.keptHours`
    /// at `now` are dropped; anything else out of place is an error naming where: not JSON,
    /// another version, an unknown kind, a number that is not a number, negative, too large or
    /// not whole where it must be, a mask beyond 60 minutes, an hour in the future, hours out
    /// of order or more than `keptHours`.
    static func decode(_ bytes: [UInt8], now: Instant) throws(JSONSyntaxError) -> [String: SensorHoursFile.Entry] {
        let outcome = bytes.withUnsafeBytes { buffer in
            Result { () throws(JSONSyntaxError) in
                var scanner = JSONScanner(buffer)
                let entries = try document(&scanner, now: now)
                scanner.skipWhitespace()
                guard scanner.isAtEnd else { throw scanner.error("unexpected text after the document") }
                return entries
            }
        }
        return try outcome.get()
    }

    private static func document(_ scanner: inout JSONScanner, now: Instant) throws(JSONSyntaxError)
        -> [String: SensorHoursFile.Entry]
    {
        guard case .object = try scanner.peekKind() else { throw scanner.error("the document is not an object") }
        var version: Double?
        var entries: [String: SensorHoursFile.Entry]?
        try scanner.readObject { scanner, key throws(JSONSyntaxError) in
            if key.equals("version") {
                guard case .number = try scanner.peekKind() else { throw scanner.error("'version' is not a number") }
                version = try scanner.readNumber()
            } else if key.equals("sensors") {
                entries = try sensors(&scanner, now: now)
            } else {
                try scanner.skipValue(depth: 1)
            }
        }
        guard let version else { throw scanner.error("'version' is missing") }
        guard version == Double(Self.version) else {
            throw scanner.error("version \(text(version)) is not \(Self.version), the one this Breeze reads")
        }
        guard let entries else { throw scanner.error("'sensors' is missing") }
        return entries
    }

    private static func sensors(_ scanner: inout JSONScanner, now: Instant) throws(JSONSyntaxError)
        -> [String: SensorHoursFile.Entry]
    {
        guard case .object = try scanner.peekKind() else { throw scanner.error("'sensors' is not an object") }
        var entries: [String: SensorHoursFile.Entry] = [:]
        try scanner.readObject(depth: 1) { scanner, key throws(JSONSyntaxError) in
            let name = key.string
            guard entries[name] == nil else { throw scanner.error("sensor \"\(name)\" appears twice") }
            entries[name] = try entry(&scanner, name: name, now: now)
        }
        return entries
    }

    private static func entry(_ scanner: inout JSONScanner, name: String, now: Instant) throws(JSONSyntaxError)
        -> SensorHoursFile.Entry
    {
        let at = "sensor \"\(name)\""
        guard case .object = try scanner.peekKind() else { throw scanner.error("\(at) is not an object") }
        var kind: SensorKind?
        var hours: [SensorHour]?
        var lastSampleAt: Instant?
        try scanner.readObject(depth: 2) { scanner, key throws(JSONSyntaxError) in
            if key.equals("kind") {
                guard case .string = try scanner.peekKind() else { throw scanner.error("\(at): 'kind' is not a string") }
                let text = try scanner.readString()
                guard let known = SensorKind(rawValue: text) else {
                    throw scanner.error("\(at): 'kind' \"\(text)\" is not a kind of sensor")
                }
                kind = known
            } else if key.equals("hours") {
                hours = try hourList(&scanner, at: at, now: now)
            } else if key.equals("lastSampleAt") {
                if case .null = try scanner.peekKind() {
                    try scanner.readNull()
                } else {
                    let seconds = try number(&scanner, "\(at): 'lastSampleAt'")
                    guard abs(seconds) < 1e12 else {
                        throw scanner.error("\(at): 'lastSampleAt' \(text(seconds)) is no time")
                    }
                    let clamped: Instant = ClockSkew.clamp(Instant(unixSeconds: seconds), now: now)
                    lastSampleAt = clamped
                }
            } else {
                try scanner.skipValue(depth: 3)
            }
        }
        guard let kind else { throw scanner.error("\(at): 'kind' is missing") }
        guard let hours else { throw scanner.error("\(at): 'hours' is missing") }
        return SensorHoursFile.Entry(kind: kind, hours: SensorHours(restoring: hours, lastSampleAt: lastSampleAt))
    }

    /// The hours, oldest first, those before the kept window dropped.
    private static func hourList(_ scanner: inout JSONScanner, at: String, now: Instant) throws(JSONSyntaxError)
        -> [SensorHour]
    {
        guard case .array = try scanner.peekKind() else { throw scanner.error("\(at): 'hours' is not an array") }
        guard let nowHour = SensorHours.hourIndex(of: now) else { throw scanner.error("the clock reads no time") }
        let latest = now + ClockSkew.tolerance
        var hours: [SensorHour] = []
        var listed = 0
        var previous: Int64?
        try scanner.readArray(depth: 3) { scanner throws(JSONSyntaxError) in
            listed += 1
            guard listed <= SensorHours.keptHours else {
                throw scanner.error("\(at): more than \(SensorHours.keptHours) hours")
            }
            let hour = try self.hour(&scanner, at: "\(at), hour \(listed)")
            if let previous, hour.index <= previous {
                throw scanner.error("\(at), hour \(listed): not after the hour before it")
            }
            previous = hour.index
            guard hour.start <= latest else {
                throw scanner.error("\(at), hour \(listed): starts in the future (\(Int64(hour.index) * 3600))")
            }
            if hour.index > nowHour - Int64(SensorHours.keptHours) { hours.append(hour) }
        }
        return hours
    }

    private static func hour(_ scanner: inout JSONScanner, at: String) throws(JSONSyntaxError) -> SensorHour {
        guard case .object = try scanner.peekKind() else { throw scanner.error("\(at) is not an object") }
        var start: Double?
        var sum: Double?
        var count: Double?
        var mask: UInt64?
        try scanner.readObject(depth: 4) { scanner, key throws(JSONSyntaxError) in
            if key.equals("start") {
                start = try number(&scanner, "\(at): 'start'")
            } else if key.equals("sum") {
                sum = try number(&scanner, "\(at): 'sum'")
            } else if key.equals("count") {
                count = try number(&scanner, "\(at): 'count'")
            } else if key.equals("minutes") {
                mask = try minutes(&scanner, "\(at): 'minutes'")
            } else {
                try scanner.skipValue(depth: 5)
            }
        }
        guard let start else { throw scanner.error("\(at): 'start' is missing") }
        guard let sum else { throw scanner.error("\(at): 'sum' is missing") }
        guard let count else { throw scanner.error("\(at): 'count' is missing") }
        guard let mask else { throw scanner.error("\(at): 'minutes' is missing") }
        guard abs(start) < 1e12, start.truncatingRemainder(dividingBy: 3600) == 0 else {
            throw scanner.error("\(at): 'start' \(text(start)) is not the start of an hour")
        }
        guard count >= 0, count <= Double(largestCount), count == count.rounded() else {
            throw scanner.error("\(at): 'count' \(text(count)) is not a whole number from 0 to \(largestCount)")
        }
        guard sum >= 0, sum <= count * ReportedValue.largestConcentration else {
            throw scanner.error("\(at): 'sum' \(text(sum)) is not between 0 and 10⁹ µg/m³ per sample")
        }
        return SensorHour(index: Int64(start / 3600), sum: sum, count: Int(count), minuteMask: mask)
    }

    /// A finite number; `what` names it in the error.
    private static func number(_ scanner: inout JSONScanner, _ what: String) throws(JSONSyntaxError) -> Double {
        guard case .number = try scanner.peekKind() else { throw scanner.error("\(what) is not a number") }
        let value = try scanner.readNumber()
        guard value.isFinite else { throw scanner.error("\(what) is too large to be a number") }
        return value
    }

    /// `value` as an error shows it: `2`, `1e+300`, `-0.5`.
    private static func text(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }

    /// A minute mask: 1 to 15 hexadecimal digits, no minute past the 60th.
    private static func minutes(_ scanner: inout JSONScanner, _ what: String) throws(JSONSyntaxError) -> UInt64 {
        guard case .string = try scanner.peekKind() else { throw scanner.error("\(what) is not a string") }
        let text = try scanner.readString()
        guard (1...15).contains(text.utf8.count), text.utf8.allSatisfy({ $0.isHexDigit }),
            let mask = UInt64(text, radix: 16), mask <= SensorHour.allMinutes
        else { throw scanner.error("\(what) is not a mask of 60 minutes") }
        return mask
    }
}

extension UInt8 {
    /// 0-9, a-f, A-F.
    fileprivate var isHexDigit: Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(self)
    }
}
