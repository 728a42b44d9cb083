// The state file's fast path, micro-benchmarked: `StateDocument.encode` (BreezeJSON's writer)
// against the hand-written writer it replaced (copied below as it was, the baseline) and
// Foundation's JSONEncoder, on the same states in the same run. Prints ratios, never asserts.
// Built and run by scripts/lib/bench-state-writer.
import BreezeAlerts
import BreezeModel
import BreezeState
import Foundation



/// Writes `DaemonState` as compact JSON, keys sorted, straight into bytes: the same document
/// `JSONEncoder` (with `.sortedKeys`) writes, which `JSONDecoder` reads back, at a fraction of
/// the cost of going through `Encodable` for thousands of cities every cycle.
///
/// Every stored property is written; the tests check that the types have no others.
struct BaselineStateWriter {
    private(set) var bytes: [UInt8] = []

    /// Thrown for a number JSON cannot hold (infinity or NaN), as `JSONEncoder` refuses them.
    struct NonFiniteNumber: Error, CustomStringConvertible {
        var key: String
        var description: String { "'\(key)' is not a finite number" }
    }

    static func encode(_ state: DaemonState) throws(NonFiniteNumber) -> [UInt8] {
        var writer = BaselineStateWriter()
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
        try optional(state.lastCycleCompletedAt, "lastCycleCompletedAt", &object)
        try optional(state.lastCycleStartedAt, "lastCycleStartedAt", &object)
        try optional(state.pollIntervalSeconds, "pollIntervalSeconds", &object)
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
        try optional(record.bandSince, "bandSince", &object)
        object.key("city", &self)
        try write(record.city)
        if let lastError = record.lastError { object.key("lastError", &self); string(lastError) }
        try optional(record.lastPollAt, "lastPollAt", &object)
        if let reading = record.lastReading { object.key("lastReading", &self); try write(reading) }
        close()
    }

    private mutating func write(_ alert: CityAlertState) throws(NonFiniteNumber) {
        var object = ObjectWriter()
        open()
        object.key("breachStreak", &self); integer(alert.breachStreak)
        object.key("clearStreak", &self); integer(alert.clearStreak)
        try optional(alert.episodeStartedAt, "episodeStartedAt", &object)
        object.key("escalationStreak", &self); integer(alert.escalationStreak)
        object.key("eventsInEpisode", &self); integer(alert.eventsInEpisode)
        object.key("firing", &self); literal(alert.firing ? "true" : "false")
        if let band = alert.lastCalmBand { object.key("lastCalmBand", &self); string(band.slug) }
        try optional(alert.lastNotifiedAt, "lastNotifiedAt", &object)
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
        object.key("time", &self); string(reading.time)
        if let aqi = reading.usAQI { object.key("usAQI", &self); integer(aqi) }
        close()
    }

    private static let pollutantsByName = Pollutant.allCases.sorted { $0.rawValue < $1.rawValue }

    /// The members of one object: a `,` before every key but the first.
    private struct ObjectWriter {
        private var started = false

        /// A fixed key: plain ASCII, written as it is.
        mutating func key(_ name: StaticString, _ writer: inout BaselineStateWriter) {
            separate(&writer)
            writer.bytes.append(UInt8(ascii: "\""))
            writer.literal(name)
            writer.bytes += [UInt8(ascii: "\""), UInt8(ascii: ":")]
        }

        /// A key known to need no escape (a pollutant's name).
        mutating func key(plain name: String, _ writer: inout BaselineStateWriter) {
            separate(&writer)
            writer.bytes.append(UInt8(ascii: "\""))
            writer.bytes += name.utf8
            writer.bytes += [UInt8(ascii: "\""), UInt8(ascii: ":")]
        }

        /// Any key (a city's name), escaped as needed.
        mutating func key(text name: String, _ writer: inout BaselineStateWriter) {
            separate(&writer)
            writer.string(name)
            writer.bytes.append(UInt8(ascii: ":"))
        }

        private mutating func separate(_ writer: inout BaselineStateWriter) {
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

func state(cities count: Int) -> DaemonState {
    var state = DaemonState()
    for index in 0..<count {
        var record = CityRecord(
            city: City(name: "City \(index) 東京", country: "Country", admin1: "Region", latitude: 48.8566 + Double(index) / 1000,
                longitude: 2.3522, timeZone: "Europe/Paris"))
        record.lastReading = Reading(
            time: "2026-08-20T14:00", usAQI: 42 + index % 100,
            concentrations: [.pm2_5: 12.4, .pm10: 20, .o3: 61.7, .no2: 14.1, .so2: 1.2, .co: 210.5],
            subIndices: [.pm2_5: 52, .pm10: 18, .o3: 33])
        record.band = .moderate
        record.bandSince = 1_800_000_000.25
        record.lastPollAt = 1_800_000_900
        record.alert.breachStreak = index % 3
        record.alert.lastNotifiedAt = 1_800_000_100.5
        state.cities[record.city.name] = record
    }
    state.lastCycleCompletedAt = 1_800_000_950.123456
    state.lastCycleStartedAt = 1_800_000_900.5
    state.pollIntervalSeconds = 900
    state.processID = 4242
    return state
}

/// The best of `rounds` timings of `body`, in seconds.
func best(_ rounds: Int, _ body: () throws -> [UInt8]) rethrows -> (seconds: Double, bytes: [UInt8]) {
    var fastest = Double.infinity
    var bytes: [UInt8] = []
    for _ in 0..<rounds {
        let start = ContinuousClock.now
        bytes = try body()
        let elapsed = ContinuousClock.now - start
        fastest = min(fastest, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }
    return (fastest, bytes)
}

let sizes = CommandLine.arguments.dropFirst().compactMap { Int($0) }
print("| cities | baseline (old writer) | BreezeJSON writer | ratio new/old | JSONEncoder | ratio encoder/old | same bytes |")
print("|---:|---:|---:|---:|---:|---:|---|")
let encoder = JSONEncoder()
encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
for size in sizes.isEmpty ? [100, 1000, 10000] : sizes {
    let document = state(cities: size)
    let rounds = max(5, 200_000 / size)
    // Interleaved, so machine load falls on both alike.
    var old = Double.infinity, new = Double.infinity, reference = Double.infinity
    var oldBytes: [UInt8] = [], newBytes: [UInt8] = []
    for _ in 0..<5 {
        let o = try best(rounds / 5 + 1) { try BaselineStateWriter.encode(document) }
        let n = try best(rounds / 5 + 1) { try StateDocument.encode(document) }
        let r = try best(max(1, rounds / 25)) { Array(try encoder.encode(document)) }
        old = min(old, o.seconds); new = min(new, n.seconds); reference = min(reference, r.seconds)
        oldBytes = o.bytes; newBytes = n.bytes
    }
    func ms(_ seconds: Double) -> String { String(format: "%.3f ms", seconds * 1000) }
    print("| \(size) | \(ms(old)) | \(ms(new)) | \(String(format: "%.2f", new / old)) | \(ms(reference)) | \(String(format: "%.2f", reference / old)) | \(oldBytes == newBytes) |")
}
