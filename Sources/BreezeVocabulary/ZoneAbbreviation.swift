import Foundation
import Synchronization

/// The tz database's abbreviation of a zone at a moment ("CEST", "EDT", "JST", "+03"), read
/// from the zone's TZif file (RFC 8536) under `/usr/share/zoneinfo`. Foundation on Linux names
/// most zones only "GMT+2"; the offset still comes from Foundation, the file gives the name
/// that the zone uses for that offset.
enum ZoneAbbreviation {
    static let folder = "/usr/share/zoneinfo"
    /// Zones read so far (a failed read too), so a message does not read its zone's file once
    /// per time it shows. Bounded: a handful of zones is the usual, 64 the most kept.
    private static let cache = Mutex<[String: [LocalTimeType]?]>([:])

    /// The abbreviation of `zone` at `date`; a numeric one ("+02", "-0330", "UTC") when the
    /// file is missing, unreadable or names no type with the offset.
    static func of(_ zone: TimeZone, at date: Date) -> String {
        let offset = zone.secondsFromGMT(for: date)
        let daylight = zone.isDaylightSavingTime(for: date)
        if let types = cachedTypes(zone.identifier),
            let match = types.last(where: { $0.offset == offset && $0.daylight == daylight })
                ?? types.last(where: { $0.offset == offset }),
            !match.name.isEmpty
        {
            return match.name
        }
        return numeric(offset)
    }

    private static func cachedTypes(_ identifier: String) -> [LocalTimeType]? {
        if let known = cache.withLock({ $0[identifier] }) { return known }
        let read = types(identifier)
        cache.withLock { cache in
            if cache.count >= 64 { cache.removeAll() }
            cache[identifier] = .some(read)
        }
        return read
    }

    /// `+02`, `-0330`, `UTC`.
    static func numeric(_ offset: Int) -> String {
        guard offset != 0 else { return "UTC" }
        let sign = offset < 0 ? "-" : "+"
        let minutes = abs(offset) / 60
        let hours = minutes / 60
        let text = sign + CivilCalendar.twoDigits(hours)
        guard minutes % 60 != 0 else { return text }
        return text + CivilCalendar.twoDigits(minutes % 60)
    }

    /// One local-time type of a zone file: its offset from UTC, whether it is daylight time,
    /// its abbreviation.
    struct LocalTimeType: Equatable {
        var offset: Int
        var daylight: Bool
        var name: String
    }

    /// The local-time types of the zone named `identifier`, in the order its transitions last
    /// use them (the type in force longest ago first, the current one last); nil when the
    /// name is not a plain zone name or the file cannot be read or is malformed.
    static func types(_ identifier: String) -> [LocalTimeType]? {
        let allowed = identifier.utf8.allSatisfy { byte in
            (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
                || "/_+-".utf8.contains(byte)
        }
        guard allowed, !identifier.isEmpty, !identifier.hasPrefix("/"), !identifier.contains(".."),
            let data = FileManager.default.contents(atPath: folder + "/" + identifier), data.count < 1 << 20
        else { return nil }
        return parse(Array(data))
    }

    /// The types of a TZif file, ordered as `types` documents; nil when malformed.
    static func parse(_ bytes: [UInt8]) -> [LocalTimeType]? {
        guard let first = Header(bytes, at: 0) else { return nil }
        var header = first
        var start = 44
        var timeSize = 4
        if first.version >= UInt8(ascii: "2") {
            // Version 2 and later repeat the data with 64-bit times: skip the first block.
            start += first.blockSize(timeSize: 4)
            guard let second = Header(bytes, at: start) else { return nil }
            header = second
            start += 44
            timeSize = 8
        }
        guard bytes.count >= start + header.blockSize(timeSize: timeSize), header.typeCount > 0 else { return nil }
        let indices = start + header.transitionCount * timeSize
        let typesAt = indices + header.transitionCount
        let namesAt = typesAt + header.typeCount * 6
        var types: [LocalTimeType] = []
        for index in 0..<header.typeCount {
            let at = typesAt + index * 6
            let offset = Int(Int32(bitPattern: UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16
                | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])))
            let nameStart = Int(bytes[at + 5])
            guard nameStart < header.nameBytes else { return nil }
            var end = namesAt + nameStart
            while end < namesAt + header.nameBytes, bytes[end] != 0 { end += 1 }
            let name = String(decoding: bytes[(namesAt + nameStart)..<end], as: UTF8.self)
            types.append(LocalTimeType(offset: offset, daylight: bytes[at + 4] != 0, name: name))
        }
        // Order by last use: walk the transitions, moving each type used to the end.
        var order = Array(0..<header.typeCount)
        for transition in 0..<header.transitionCount {
            let type = Int(bytes[indices + transition])
            guard type < header.typeCount else { return nil }
            order.removeAll { $0 == type }
            order.append(type)
        }
        return order.map { types[$0] }
    }

    /// The counts of a TZif header (RFC 8536 section 3.1).
    struct Header {
        var version: UInt8
        var utIndicators: Int
        var standardIndicators: Int
        var leapCount: Int
        var transitionCount: Int
        var typeCount: Int
        var nameBytes: Int

        init?(_ bytes: [UInt8], at start: Int) {
            guard bytes.count >= start + 44, bytes[start..<(start + 4)].elementsEqual("TZif".utf8) else { return nil }
            func count(_ index: Int) -> Int {
                let at = start + 20 + index * 4
                return Int(UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8
                    | UInt32(bytes[at + 3]))
            }
            version = bytes[start + 4]
            utIndicators = count(0)
            standardIndicators = count(1)
            leapCount = count(2)
            transitionCount = count(3)
            typeCount = count(4)
            nameBytes = count(5)
            // Far beyond any real zone: a malformed file, not one to walk through.
            guard [utIndicators, standardIndicators, leapCount, transitionCount, typeCount, nameBytes]
                .allSatisfy({ $0 < 100_000 }), typeCount <= 256
            else { return nil }
        }

        /// The bytes of the data block after this header.
        func blockSize(timeSize: Int) -> Int {
            transitionCount * (timeSize + 1) + typeCount * 6 + nameBytes + leapCount * (timeSize + 4)
                + standardIndicators + utIndicators
        }
    }
}
