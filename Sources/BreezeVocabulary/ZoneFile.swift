import FoundationEssentials

/// A zone's rules as its TZif file (RFC 8536) under `/usr/share/zoneinfo` gives them: the
/// transitions of its 64-bit block, the local-time type in force from each, and the footer's
/// POSIX rule for every instant after the last. The one reader of zone files: Foundation
/// without its ICU part knows no named zone.
struct ZoneRules: Sendable {
    /// One local-time type of a zone file: its offset from UTC, whether it is daylight time,
    /// its abbreviation.
    struct LocalTimeType: Sendable, Equatable {
        var offset: Int
        var daylight: Bool
        var name: String
    }

    /// Unix seconds of each transition, ascending.
    var transitions: [Int]
    /// The index into `types` of the type in force from each transition on.
    var typeIndices: [Int]
    var types: [LocalTimeType]
    /// What holds after the last transition; nil when the file has no footer (the last
    /// transition's type then holds).
    var footer: PosixZoneRule?

    /// The type in force at `unixSeconds`: before the first transition the file's first type
    /// (RFC 8536 section 3.2), after the last the footer's.
    func type(at unixSeconds: Int) -> LocalTimeType {
        guard let last = transitions.last else { return footer?.type(at: unixSeconds) ?? types[0] }
        guard unixSeconds >= transitions[0] else { return types[0] }
        if unixSeconds >= last, let footer { return footer.type(at: unixSeconds) }
        // The last transition at or before the instant.
        var (low, high) = (0, transitions.count - 1)
        while low < high {
            let middle = (low + high + 1) / 2
            if transitions[middle] <= unixSeconds { low = middle } else { high = middle - 1 }
        }
        return types[typeIndices[low]]
    }
}

enum ZoneFile {
    static let folder = "/usr/share/zoneinfo"

    /// The rules of the zone named `identifier` (`Europe/Paris`); nil when the name is not a
    /// plain zone name or the file cannot be read or is malformed.
    static func rules(_ identifier: String) -> ZoneRules? {
        guard isPlainName(identifier) else { return nil }
        return rules(atPath: folder + "/" + identifier)
    }

    /// The rules in the TZif file at `path`; nil when it cannot be read or is malformed.
    static func rules(atPath path: String) -> ZoneRules? {
        guard let data = FileManager.default.contents(atPath: path), data.count < 1 << 20 else { return nil }
        return parse(Array(data))
    }

    /// Letters, digits and `/_+-`, no leading `/`, no `..`: a name under the folder, never a
    /// way out of it.
    static func isPlainName(_ identifier: String) -> Bool {
        let allowed = identifier.utf8.allSatisfy { byte in
            (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
                || "/_+-".utf8.contains(byte)
        }
        return allowed && !identifier.isEmpty && !identifier.hasPrefix("/") && !identifier.contains("..")
    }

    /// The rules of a TZif file; nil when malformed. Version 1 files are read from their
    /// 32-bit block, later ones from the 64-bit block and the footer.
    static func parse(_ bytes: [UInt8]) -> ZoneRules? {
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
        let end = start + header.blockSize(timeSize: timeSize)
        guard bytes.count >= end, header.typeCount > 0 else { return nil }
        func signed(_ at: Int, size: Int) -> Int {
            var value: UInt64 = 0
            for index in 0..<size { value = value << 8 | UInt64(bytes[at + index]) }
            return size == 8 ? Int(Int64(bitPattern: value)) : Int(Int32(bitPattern: UInt32(value)))
        }
        let indicesAt = start + header.transitionCount * timeSize
        let typesAt = indicesAt + header.transitionCount
        let namesAt = typesAt + header.typeCount * 6
        var transitions: [Int] = []
        var typeIndices: [Int] = []
        for transition in 0..<header.transitionCount {
            let type = Int(bytes[indicesAt + transition])
            guard type < header.typeCount else { return nil }
            let time = signed(start + transition * timeSize, size: timeSize)
            guard transitions.last.map({ $0 < time }) ?? true else { return nil }
            transitions.append(time)
            typeIndices.append(type)
        }
        var types: [ZoneRules.LocalTimeType] = []
        for index in 0..<header.typeCount {
            let at = typesAt + index * 6
            let offset = signed(at, size: 4)
            let nameStart = Int(bytes[at + 5])
            // RFC 8536: offsets within a day of UTC, other than -2**31.
            guard nameStart < header.nameBytes, abs(offset) < 86_400 else { return nil }
            var nameEnd = namesAt + nameStart
            while nameEnd < namesAt + header.nameBytes, bytes[nameEnd] != 0 { nameEnd += 1 }
            let name = String(decoding: bytes[(namesAt + nameStart)..<nameEnd], as: UTF8.self)
            types.append(ZoneRules.LocalTimeType(offset: offset, daylight: bytes[at + 4] != 0, name: name))
        }
        var footer: PosixZoneRule?
        if timeSize == 8, end < bytes.count, bytes[end] == 0x0A,
            let close = bytes[(end + 1)...].firstIndex(of: 0x0A), close > end + 1
        {
            // An empty footer says nothing holds past the table; one that does not read is a
            // malformed file.
            guard let rule = PosixZoneRule(String(decoding: bytes[(end + 1)..<close], as: UTF8.self)) else { return nil }
            footer = rule
        }
        return ZoneRules(transitions: transitions, typeIndices: typeIndices, types: types, footer: footer)
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
