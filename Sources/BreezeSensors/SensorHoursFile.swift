import BreezeFiles
import BreezeModel
import BreezeVocabulary

/// Every sensor's hourly means in `<StateDirectory>/sensors.json`, so a restart in the middle
/// of smoke keeps its hours. Written durably through BreezeFiles (as `state.json`); a file that
/// does not read back (corrupt, hostile, too large, a version this Breeze does not know) is
/// moved aside and the hours start empty, with the reason for the caller to log.
public struct SensorHoursFile: Sendable {
    /// The file's name in the state directory.
    public static let fileName = "sensors.json"
    /// The largest file read: under 2 KB per sensor (24 hours), so 2,000 sensors fit; a
    /// larger file is not one Breeze wrote, and is moved aside unread.
    public static let maximumBytes = 4 << 20

    /// One sensor's hours as the file keeps them: with the kind of sensor that made them.
    public struct Entry: Sendable, Hashable {
        /// The kind of the `[Sensor]` the hours came from.
        public var kind: SensorKind
        /// Its hours.
        public var hours: SensorHours

        /// `hours`, made by a `kind` sensor.
        public init(kind: SensorKind, hours: SensorHours) {
            self.kind = kind
            self.hours = hours
        }
    }

    /// What loading found.
    public enum LoadOutcome: Sendable, Equatable {
        /// Each configured sensor's hours that were kept, by name, and one sentence for each
        /// sensor whose hours were not taken (its kind changed, or no `[Sensor]` has its name).
        case loaded([String: SensorHours], dropped: [String])
        /// No file yet: a first start.
        case fresh
        /// The file did not read back; it was moved to `movedTo`, and the hours start empty.
        case corrupt(movedTo: String, reason: String)
    }

    /// `<stateDirectory>/sensors.json`.
    public let path: String

    /// The file in `stateDirectory` (`StateDirectory=`, with or without a final slash).
    public init(stateDirectory: String) {
        path = stateDirectory.hasSuffix("/") ? stateDirectory + Self.fileName : stateDirectory + "/" + Self.fileName
    }

    /// Reads the hours of the sensors configured now (`kinds`: each `[Sensor]`'s name and
    /// kind), every number checked, hours before the last `SensorHours.keptHours` dropped.
    /// Hours kept under a name whose kind changed are dropped and said so in `dropped`. A file
    /// that does not read back is moved aside to `sensors.json.corrupt-<unix seconds>`, never
    /// deleted. Throws only when the file cannot be read or moved.
    public func load(kinds: [String: SensorKind], now: Instant) throws(FileError) -> LoadOutcome {
        guard let bytes = try AtomicFile.read(path, limit: Self.maximumBytes) else { return .fresh }
        let reason: String
        if bytes.count > Self.maximumBytes {
            reason = "larger than \(Self.maximumBytes) bytes"
        } else {
            do {
                return Self.kept(try SensorHoursDocument.decode(bytes, now: now), kinds: kinds)
            } catch {
                reason = String(describing: error)
            }
        }
        let aside = "\(path).corrupt-\(Int(roundingChecked: now.unixSeconds) ?? 0)"
        try AtomicFile.moveFile(path, to: aside)
        return .corrupt(movedTo: aside, reason: reason)
    }

    /// The entries of the sensors configured with the kind that made them, and a sentence for
    /// each of the others.
    private static func kept(_ entries: [String: Entry], kinds: [String: SensorKind]) -> LoadOutcome {
        var kept: [String: SensorHours] = [:]
        var dropped: [String] = []
        for name in entries.keys.sorted() {
            let entry = entries[name]!
            switch kinds[name] {
            case nil:
                dropped.append("sensor \"\(name)\": its hours are dropped, as no [Sensor] has that name")
            case let kind? where kind != entry.kind:
                dropped.append(
                    "sensor \"\(name)\": its hours are dropped, as they came from a \(entry.kind.rawValue) sensor "
                        + "and it is now \(kind.rawValue)")
            default:
                kept[name] = entry.hours
            }
        }
        return .loaded(kept, dropped: dropped)
    }

    /// Writes every sensor's hours atomically, readable by everyone (they hold no secrets):
    /// compact JSON, keys sorted.
    public func save(_ entries: [String: Entry]) throws(FileError) {
        let bytes: [UInt8]
        do {
            bytes = try SensorHoursDocument.encode(entries)
        } catch {
            throw FileError(path: path, reason: "cannot encode the sensors' hours: \(error)")
        }
        try AtomicFile.write(bytes, to: path, mode: 0o644)
    }
}
