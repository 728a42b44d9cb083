import FoundationEssentials
import Glibc
import Synchronization

/// A time zone: its IANA name and its offsets from UTC, read from the tz database's files
/// (`ZoneFile`), so a named zone needs no ICU. What `CivilCalendar` counts wall clocks in and
/// `TimeText` names ("CEST") by.
public struct CivilZone: Sendable, Hashable, CustomStringConvertible {
    /// `Europe/Paris`; for the system's zone, the name it is known by (`Etc/UTC`).
    public let identifier: String
    let rules: ZoneRules

    init(identifier: String, rules: ZoneRules) {
        self.identifier = identifier
        self.rules = rules
    }

    /// The zone named `identifier` (`Europe/Paris`), nil for an empty name, one that is not a
    /// zone's or a zone whose file cannot be read.
    public init?(named identifier: String) {
        guard let rules = Self.cachedRules(identifier) else { return nil }
        self.init(identifier: identifier, rules: rules)
    }

    /// UTC.
    public static let utc = CivilZone(
        identifier: "UTC",
        rules: ZoneRules(
            transitions: [], typeIndices: [], types: [.init(offset: 0, daylight: false, name: "UTC")], footer: nil))

    /// The machine's zone as the C library finds it: `TZ` (a zone name, `:` and a name, a
    /// file's path or a POSIX rule), else `/etc/localtime` (named by the zone its link points
    /// to, else by `/etc/timezone`), else UTC. Read once.
    public static let current: CivilZone = system(environment: getenv("TZ").map { String(cString: $0) })

    /// Seconds east of UTC at `unixSeconds` (`7200` for CEST).
    public func offset(at unixSeconds: Int) -> Int { rules.type(at: unixSeconds).offset }

    /// The tz database's abbreviation at `unixSeconds` ("CEST", "EDT", "JST", "+03"); a
    /// numeric one ("+02", "-0330", "UTC") when the zone's file names none.
    public func abbreviation(at unixSeconds: Int) -> String {
        let type = rules.type(at: unixSeconds)
        return type.name.isEmpty ? Self.numeric(type.offset) : type.name
    }

    public var description: String { identifier }

    public static func == (left: CivilZone, right: CivilZone) -> Bool { left.identifier == right.identifier }

    public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }

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

    /// The system's zone given `TZ`'s value (nil when unset).
    static func system(environment: String?) -> CivilZone {
        if var setting = environment, !setting.isEmpty {
            if setting.hasPrefix(":") { setting.removeFirst() }
            if let zone = CivilZone(named: setting) { return zone }
            if setting.hasPrefix("/"), let rules = ZoneFile.rules(atPath: setting) {
                return CivilZone(identifier: zoneName(linkedFrom: setting) ?? setting, rules: rules)
            }
            if let rule = PosixZoneRule(setting) {
                return CivilZone(
                    identifier: setting, rules: ZoneRules(transitions: [], typeIndices: [], types: [rule.standard], footer: rule))
            }
        }
        let name = zoneName(linkedFrom: "/etc/localtime") ?? timezoneFileName()
        if let name, let zone = CivilZone(named: name) { return zone }
        if let rules = ZoneFile.rules(atPath: "/etc/localtime") { return CivilZone(identifier: name ?? "UTC", rules: rules) }
        return utc
    }

    /// `Europe/Paris` when `path` is a link into a `zoneinfo` folder.
    private static func zoneName(linkedFrom path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        let target = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let range = target.firstRange(of: "zoneinfo/") else { return nil }
        let name = String(target[range.upperBound...])
        return ZoneFile.isPlainName(name) ? name : nil
    }

    /// The first line of Debian's `/etc/timezone`.
    private static func timezoneFileName() -> String? {
        guard let data = FileManager.default.contents(atPath: "/etc/timezone"), data.count < 4096 else { return nil }
        let name = String(decoding: data, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
        return ZoneFile.isPlainName(name) ? name : nil
    }

    /// Zones read so far (a failed read too), so a zone's file is read once, not per use.
    /// Bounded: a handful of zones is the usual, 64 the most kept.
    private static let cache = Mutex<[String: ZoneRules?]>([:])

    private static func cachedRules(_ identifier: String) -> ZoneRules? {
        guard !identifier.isEmpty else { return nil }
        if let known = cache.withLock({ $0[identifier] }) { return known }
        let read = ZoneFile.rules(identifier)
        cache.withLock { cache in
            if cache.count >= 64 { cache.removeAll() }
            cache[identifier] = .some(read)
        }
        return read
    }
}
