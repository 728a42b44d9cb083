import BreezeFiles
import BreezeModel
import BreezeVocabulary

/// Loads and saves every city's `KeptHours` (by configured name) as `hours.bin` beside
/// `state.json`: written only when a cycle changed them (a new hour came, a city joined or
/// left), about once an hour. Losing it costs one poll of the whole window per city.
///
/// Binary, fixed slots, little-endian: `BRZH`, version (u16), slots (u16), pollutants (u16),
/// 0 (u16), cities (u32); then per city its name (u16 length, UTF-8), latitude and longitude
/// (f64 bits), the newest hour (i64, -1: none), the `KeptHours.wordCount` words (u16), the
/// exceptions (u16 count, then u16 index and f64 bits each). Every length is checked: a file
/// that is short, long, of another version or layout, or holds a value no poll keeps is not
/// read at all.
public struct KeptHoursStore: Sendable {
    public let path: String

    public init(stateDirectory: String) {
        path = stateDirectory.hasSuffix("/") ? stateDirectory + "hours.bin" : stateDirectory + "/hours.bin"
    }

    /// The kept hours; none when there is no file yet, or when it does not read (it is only a
    /// saving: the whole window is asked for again), the reason then in `problem`.
    public func load() -> (hours: [String: KeptHours], problem: String?) {
        do {
            guard let bytes = try AtomicFile.read(path) else { return ([:], nil) }
            switch Self.decode(bytes) {
            case .success(let hours): return (hours, nil)
            case .failure(let problem): return ([:], "\(path): \(problem.reason)")
            }
        } catch {
            return ([:], error.description)
        }
    }

    /// Writes them atomically.
    public func save(_ hours: [String: KeptHours]) throws(FileError) {
        try AtomicFile.write(Self.encode(hours), to: path)
    }

    static let magic: [UInt8] = Array("BRZH".utf8)
    static let version: UInt16 = 1

    /// The file's bytes, cities in name order (the same hours give the same file).
    public static func encode(_ hours: [String: KeptHours]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(16 + hours.count * (2 + 32 + 24 + KeptHours.wordCount * 2 + 2))
        bytes += magic
        append(version, &bytes)
        append(UInt16(KeptHours.slotCount), &bytes)
        append(UInt16(KeptHours.pollutants.count), &bytes)
        append(UInt16(0), &bytes)
        let names = hours.keys.filter { $0.utf8.count <= Int(UInt16.max) }.sorted()
        append(UInt32(names.count), &bytes)
        for name in names {
            let kept = hours[name]!
            append(UInt16(name.utf8.count), &bytes)
            bytes += name.utf8
            append(kept.latitude.bitPattern, &bytes)
            append(kept.longitude.bitPattern, &bytes)
            append(UInt64(bitPattern: Int64(kept.newestHour ?? -1)), &bytes)
            kept.storedWords.withUnsafeBufferPointer { words in
                for word in words {
                    bytes.append(UInt8(truncatingIfNeeded: word))
                    bytes.append(UInt8(truncatingIfNeeded: word >> 8))
                }
            }
            let exceptions = kept.storedExceptions.prefix(Int(UInt16.max))
            append(UInt16(exceptions.count), &bytes)
            for exception in exceptions {
                append(exception.index, &bytes)
                append(exception.value.bitPattern, &bytes)
            }
        }
        return bytes
    }

    /// Why a file was not read.
    public struct Problem: Error, Equatable {
        public var reason: String
    }

    /// The hours in `bytes`, or why they are not read.
    public static func decode(_ bytes: [UInt8]) -> Result<[String: KeptHours], Problem> {
        var reader = ByteReader(bytes: bytes)
        func fail(_ reason: String) -> Result<[String: KeptHours], Problem> { .failure(Problem(reason: reason)) }
        guard let head = reader.bytes(4), head.elementsEqual(magic) else { return fail("not a kept-hours file") }
        guard let fileVersion = reader.u16(), fileVersion == version else { return fail("not version \(version)") }
        guard let slots = reader.u16(), Int(slots) == KeptHours.slotCount, let pollutants = reader.u16(),
            Int(pollutants) == KeptHours.pollutants.count, let reserved = reader.u16(), reserved == 0
        else { return fail("another layout of slots") }
        guard let count = reader.u32() else { return fail("cut short") }
        // Each city takes at least its fixed part: a count the bytes cannot hold is refused
        // before anything is reserved for it.
        let smallest = 2 + 8 + 8 + 8 + KeptHours.wordCount * 2 + 2
        guard Int(count) <= reader.remaining / smallest else { return fail("cut short") }
        var hours: [String: KeptHours] = [:]
        hours.reserveCapacity(Int(count))
        for _ in 0..<Int(count) {
            guard let length = reader.u16(), let nameBytes = reader.bytes(Int(length)),
                let latitudeBits = reader.u64(), let longitudeBits = reader.u64(), let newestBits = reader.u64(),
                let words = reader.words(KeptHours.wordCount), let exceptionCount = reader.u16()
            else { return fail("cut short") }
            guard length > 0, let name = String(validating: nameBytes, as: UTF8.self) else {
                return fail("a city's name is not text")
            }
            let latitude = Double(bitPattern: latitudeBits)
            let longitude = Double(bitPattern: longitudeBits)
            guard (-90...90).contains(latitude), (-180...180).contains(longitude) else {
                return fail("\(name): coordinates out of range")
            }
            let newest = Int64(bitPattern: newestBits)
            // An hour from 1970 to some 10,000 years on, or none.
            guard newest == -1 || (0..<100_000_000).contains(newest) else { return fail("\(name): newest hour out of range") }
            var exceptions: [KeptHours.Exception] = []
            exceptions.reserveCapacity(Int(exceptionCount))
            for _ in 0..<Int(exceptionCount) {
                guard let index = reader.u16(), let bits = reader.u64() else { return fail("cut short") }
                let value = Double(bitPattern: bits)
                guard HourlyConcentrations.plausible(value) == value else {
                    return fail("\(name): a kept value is not a concentration")
                }
                exceptions.append(KeptHours.Exception(index: index, value: value))
            }
            guard
                let kept = KeptHours(
                    latitude: latitude, longitude: longitude, newestHour: newest == -1 ? nil : Int(newest),
                    words: words, exceptions: exceptions)
            else { return fail("\(name): an exception outside the slots") }
            guard hours.updateValue(kept, forKey: name) == nil else { return fail("\(name) is there twice") }
        }
        guard reader.remaining == 0 else { return fail("bytes after the last city") }
        return .success(hours)
    }

    private static func append<Word: FixedWidthInteger>(_ value: Word, _ bytes: inout [UInt8]) {
        var little = value.littleEndian
        withUnsafeBytes(of: &little) { bytes += $0 }
    }

    /// Reads little-endian words from the front, nil once too few bytes are left.
    private struct ByteReader {
        let bytes: [UInt8]
        var offset = 0

        var remaining: Int { bytes.count - offset }

        mutating func bytes(_ count: Int) -> ArraySlice<UInt8>? {
            guard count >= 0, count <= remaining else { return nil }
            defer { offset += count }
            return bytes[offset..<offset + count]
        }

        mutating func integer<Word: FixedWidthInteger>(_: Word.Type) -> Word? {
            let size = MemoryLayout<Word>.size
            guard let slice = bytes(size) else { return nil }
            var value: Word = 0
            for (shift, byte) in slice.enumerated() { value |= Word(byte) << (shift * 8) }
            return value
        }

        mutating func u16() -> UInt16? { integer(UInt16.self) }
        mutating func u32() -> UInt32? { integer(UInt32.self) }
        mutating func u64() -> UInt64? { integer(UInt64.self) }

        mutating func words(_ count: Int) -> [UInt16]? {
            guard count * 2 <= remaining else { return nil }
            let start = offset
            offset += count * 2
            return bytes.withUnsafeBufferPointer { buffer in
                (0..<count).map { UInt16(buffer[start + 2 * $0]) | UInt16(buffer[start + 2 * $0 + 1]) << 8 }
            }
        }
    }
}
