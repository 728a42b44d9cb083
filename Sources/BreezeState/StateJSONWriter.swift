#if canImport(Glibc)
import Glibc
#endif

import BreezeAlerts
import BreezeModel

/// Writes `DaemonState` as compact JSON, keys sorted, straight into bytes: the same document
/// `JSONEncoder` (with `.sortedKeys`) writes, which `JSONDecoder` reads back, at a fraction of
/// the cost of going through `Encodable` for thousands of cities every cycle.
///
/// Every stored property is written; the tests check that the types have no others.
struct StateJSONWriter {
    private(set) var bytes: [UInt8] = []

    /// Thrown for a number JSON cannot hold (infinity or NaN), as `JSONEncoder` refuses them.
    struct NonFiniteNumber: Error, CustomStringConvertible {
        var key: String
        var description: String { "'\(key)' is not a finite number" }
    }

    static func encode(_ state: DaemonState) throws(NonFiniteNumber) -> [UInt8] {
        var writer = StateJSONWriter()
        writer.bytes.reserveCapacity(256 + state.cities.count * 600)
        try writer.write(state)
        return writer.bytes
    }

    private mutating func write(_ state: DaemonState) throws(NonFiniteNumber) {
        var object = ObjectWriter()
        open()
        object.key("cities", &self)
        var cities = ObjectWriter()
        open()
        for name in state.cities.keys.sorted(by: Self.precedesByUTF8) {
            cities.key(text: name, &self)
            try write(state.cities[name]!)
        }
        close()
        try optional(state.lastCycleCompletedAt?.unixSeconds, "lastCycleCompletedAt", &object)
        try optional(state.lastCycleStartedAt?.unixSeconds, "lastCycleStartedAt", &object)
        try optional(state.pollInterval?.seconds, "pollIntervalSeconds", &object)
        if let processID = state.processID { object.key("processID", &self); integer(Int(processID)) }
        object.key("version", &self)
        integer(state.version)
        close()
    }

    private mutating func write(_ record: CityRecord) throws(NonFiniteNumber) {
        var object = ObjectWriter()
        open()
        object.key("alert", &self)
        try write(record.alert)
        if let band = record.band { object.key("band", &self); string(band.slug) }
        try optional(record.bandSince?.unixSeconds, "bandSince", &object)
        object.key("city", &self)
        try write(record.city)
        if let lastError = record.lastError { object.key("lastError", &self); string(lastError) }
        try optional(record.lastPollAt?.unixSeconds, "lastPollAt", &object)
        if let reading = record.lastReading { object.key("lastReading", &self); try write(reading) }
        close()
    }

    private mutating func write(_ alert: CityAlertState) throws(NonFiniteNumber) {
        var object = ObjectWriter()
        open()
        object.key("breachStreak", &self); integer(alert.breachStreak)
        object.key("clearStreak", &self); integer(alert.clearStreak)
        try optional(alert.episodeStartedAt?.unixSeconds, "episodeStartedAt", &object)
        object.key("escalationStreak", &self); integer(alert.escalationStreak)
        object.key("eventsInEpisode", &self); integer(alert.eventsInEpisode)
        object.key("firing", &self); literal(alert.firing ? "true" : "false")
        if let band = alert.lastCalmBand { object.key("lastCalmBand", &self); string(band.slug) }
        try optional(alert.lastNotifiedAt?.unixSeconds, "lastNotifiedAt", &object)
        object.key("missingStreak", &self); integer(alert.missingStreak)
        if let band = alert.notifiedBand { object.key("notifiedBand", &self); string(band.slug) }
        close()
    }

    private mutating func write(_ city: City) throws(NonFiniteNumber) {
        var object = ObjectWriter()
        open()
        if let admin1 = city.admin1 { object.key("admin1", &self); string(admin1) }
        if let country = city.country { object.key("country", &self); string(country) }
        object.key("latitude", &self); try number(city.latitude, "latitude")
        object.key("longitude", &self); try number(city.longitude, "longitude")
        object.key("name", &self); string(city.name)
        if let timeZone = city.timeZone { object.key("timeZone", &self); string(timeZone) }
        close()
    }

    private mutating func write(_ reading: Reading) throws(NonFiniteNumber) {
        var object = ObjectWriter()
        open()
        object.key("concentrations", &self)
        var concentrations = ObjectWriter()
        open()
        for pollutant in Self.pollutantsByName {
            guard let value = reading.concentrations[pollutant] else { continue }
            concentrations.key(plain: pollutant.rawValue, &self)
            try number(value, "concentrations")
        }
        close()
        object.key("subIndices", &self)
        var subIndices = ObjectWriter()
        open()
        for pollutant in Self.pollutantsByName {
            guard let value = reading.subIndices[pollutant] else { continue }
            subIndices.key(plain: pollutant.rawValue, &self)
            integer(value)
        }
        close()
        object.key("time", &self); string(reading.time.text)
        if let aqi = reading.usAQI { object.key("usAQI", &self); integer(aqi) }
        close()
    }

    private static let pollutantsByName = Pollutant.allCases.sorted { $0.rawValue < $1.rawValue }

    /// The members of one object: a `,` before every key but the first.
    private struct ObjectWriter {
        private var started = false

        /// A fixed key: plain ASCII, written as it is.
        mutating func key(_ name: StaticString, _ writer: inout StateJSONWriter) {
            separate(&writer)
            writer.bytes.append(UInt8(ascii: "\""))
            writer.literal(name)
            writer.bytes += [UInt8(ascii: "\""), UInt8(ascii: ":")]
        }

        /// A key known to need no escape (a pollutant's name).
        mutating func key(plain name: String, _ writer: inout StateJSONWriter) {
            separate(&writer)
            writer.bytes.append(UInt8(ascii: "\""))
            writer.bytes += name.utf8
            writer.bytes += [UInt8(ascii: "\""), UInt8(ascii: ":")]
        }

        /// Any key (a city's name), escaped as needed.
        mutating func key(text name: String, _ writer: inout StateJSONWriter) {
            separate(&writer)
            writer.string(name)
            writer.bytes.append(UInt8(ascii: ":"))
        }

        private mutating func separate(_ writer: inout StateJSONWriter) {
            if started { writer.bytes.append(UInt8(ascii: ",")) }
            started = true
        }
    }

    private mutating func open() { bytes.append(UInt8(ascii: "{")) }
    private mutating func close() { bytes.append(UInt8(ascii: "}")) }

    private mutating func optional(_ value: Double?, _ name: StaticString, _ object: inout ObjectWriter) throws(NonFiniteNumber) {
        guard let value else { return }
        object.key(name, &self)
        try number(value, name)
    }

    private mutating func literal(_ text: StaticString) {
        bytes += UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
    }

    private mutating func integer(_ value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        let start = bytes.count
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        bytes[start...].reverse()
    }

    private mutating func number(_ value: Double, _ name: StaticString) throws(NonFiniteNumber) {
        guard value.isFinite else { throw NonFiniteNumber(key: name.description) }
        // Whole numbers as JSONEncoder writes them (-60, not -60.0); otherwise Swift's
        // shortest text that reads back as the same Double.
        if value == value.rounded(.towardZero), abs(value) < 1e15 {
            if value == 0, value.sign == .minus { bytes.append(UInt8(ascii: "-")) }
            integer(Int(value))
        } else {
            bytes += value.description.utf8
        }
    }

    /// The order of `JSONEncoder`'s sorted keys: by UTF-8 bytes.
    private static func precedesByUTF8(_ first: String, _ second: String) -> Bool {
        var first = first
        var second = second
        return first.withUTF8 { left in
            second.withUTF8 { right in
                let common = min(left.count, right.count)
                let order = common == 0 ? 0 : memcmp(left.baseAddress!, right.baseAddress!, common)
                return order != 0 ? order < 0 : left.count < right.count
            }
        }
    }

    private mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        // Most strings need no escape: copy them whole.
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
            bytes += text.utf8
            bytes.append(UInt8(ascii: "\""))
            return
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case UInt8(ascii: "\n"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case UInt8(ascii: "\r"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case UInt8(ascii: "\t"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
