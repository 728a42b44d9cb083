import BreezeFiles
import BreezeAlerts
import BreezeModel
import FoundationEssentials
import BreezeVocabulary

/// What the daemon knows about one city between runs.
public struct CityRecord: Sendable, Equatable, Codable {
    public var city: City
    /// The last reading with data, if any.
    public var lastReading: Reading?
    /// The alerting AQI of that reading and its source (absent in states written before
    /// `AQISource=` was acted on).
    public var alerting: AlertingAQI?
    /// The band of the last reading, and since when the city has been in it: the observation
    /// time of the first reading in it (the instant an alert's episode starts at, so a card's
    /// "in band since" and "firing since" agree), the poll's time when the source wrote none.
    public var band: Band?
    public var bandSince: Instant?
    /// When this city was last polled, whatever it gave.
    public var lastPollAt: Instant?
    /// When this city last got data (the poll's start, as `lastPollAt`); nil before its
    /// first and in state files from before it was kept.
    public var lastSuccessfulPollAt: Instant?
    /// The last poll's error, nil when it gave data.
    public var lastError: String?
    public var alert: CityAlertState
    /// The forecast alerts' days; nil until the city's first forecast was evaluated (and in
    /// state files from before forecast alerts).
    public var forecast: CityForecastState?
    /// The alert state at `SensitiveThreshold=`, kept while some `Audience=sensitive`
    /// receiver hears of the city at a threshold below `Threshold=`; nil otherwise.
    public var sensitiveAlert: CityAlertState?
    /// The pollen alert's state (`PollenThreshold=`); nil while it is off.
    public var pollenAlert: CityAlertState?
    /// The UV alert's state (`UVThreshold=`); nil while it is off.
    public var uvAlert: CityAlertState?
    /// The city's `[Sensor]`s as last polled, each with its latest PM2.5 and verdict; nil
    /// for a city without sensors.
    public var ground: CityGround?
    /// Per sensor of the city (by name), its `source-stale` alert: fires when it gave no valid
    /// sample for `StaleAfter=`, resolves when it does again. Empty without sensors.
    public var sourceAlerts: [String: CityAlertState] = [:]
    /// The model grid cell Open-Meteo last answered `city`'s coordinates with; nil before
    /// its first answer (and in state files from before cells were shared).
    public var gridCell: GridCell?

    public init(city: City) {
        self.city = city
        self.alert = CityAlertState()
    }
}

/// Everything the daemon persists: per city, keyed by the configured name. Holds no secrets,
/// so `breezectl status` can read it without root.
public struct DaemonState: Sendable, Equatable, Codable {
    public static let currentVersion = 1
    public var version = DaemonState.currentVersion
    public var cities: [String: CityRecord] = [:]
    /// When the last poll cycle completed: its readings fetched and judged.
    public var lastCycleCompletedAt: Instant?
    /// When that cycle started (the time its cities' `lastPollAt` carry).
    public var lastCycleStartedAt: Instant?
    /// The poll interval then in force (`pollIntervalSeconds` in the file): `breezectl status`
    /// judges staleness by it.
    public var pollInterval: Duration?
    /// The daemon's process id when it last wrote the state.
    public var processID: Int32?
    /// Per receiver (by name), the last local day (`YYYY-MM-DD`) its digest was written to the
    /// outbox: never two for one day.
    public var digestsSent: [String: String] = [:]

    public init() {}
}

/// Loads and saves `DaemonState` as `state.json` in the state directory.
public struct StateStore: Sendable {
    public let path: String

    public init(stateDirectory: String) {
        path = stateDirectory.hasSuffix("/") ? stateDirectory + "state.json" : stateDirectory + "/state.json"
    }

    /// What loading found.
    public enum LoadOutcome: Sendable, Equatable {
        case loaded(DaemonState)
        /// No state yet: a first start.
        case fresh
        /// The file could not be decoded; it was moved to `movedTo` and a fresh state begins.
        case corrupt(movedTo: String, reason: String)
    }

    /// Reads the state. A corrupt file is moved aside (never deleted, never a crash).
    public func load(now: Instant) throws(FileError) -> LoadOutcome {
        guard let bytes = try AtomicFile.read(path) else { return .fresh }
        do {
            return .loaded(try StateJSONReader.decode(bytes).clampingFutureTimes(now: now))
        } catch {
            let aside = "\(path).corrupt-\(Int64(now.unixSeconds))"
            try AtomicFile.moveFile(path, to: aside)
            return .corrupt(movedTo: aside, reason: String(describing: error))
        }
    }

    /// Reads the state and changes nothing, for readers beside the daemon (`breezectl`): nil
    /// when there is no state yet; a file that cannot be decoded is an error naming it.
    public func read() throws(FileError) -> DaemonState? {
        guard let bytes = try AtomicFile.read(path) else { return nil }
        do {
            return try StateJSONReader.decode(bytes)
        } catch {
            throw FileError(path: path, reason: "not a state file breezed wrote: \(error)")
        }
    }

    /// The grid cell of each of `cities` as `DaemonState.gridCells(for:)` gives it, read
    /// from the file without the rest of the state (skipped, not decoded); nil when there is
    /// no state yet.
    public func gridCells(for cities: [City]) throws(FileError) -> [String: GridCell]? {
        guard let bytes = try AtomicFile.read(path) else { return nil }
        let recorded: [String: RecordedGridCell]
        do {
            recorded = try StateJSONReader.decodeGridCells(bytes)
        } catch {
            throw FileError(path: path, reason: "not a state file breezed wrote: \(error)")
        }
        return DaemonState.gridCells(for: cities) { recorded[$0] }
    }

    /// Writes the state atomically, readable by everyone (it holds no secrets), as compact
    /// JSON with sorted keys.
    public func save(_ state: DaemonState) throws(FileError) {
        let bytes: [UInt8]
        do {
            bytes = try StateJSONWriter.encode(state)
        } catch {
            throw FileError(path: path, reason: "cannot encode state: \(error)")
        }
        try AtomicFile.write(bytes, to: path, mode: 0o644)
    }
}

extension DaemonState {
    /// The grid cell of each of `cities` whose record was answered for the coordinates the
    /// city has now (a city moved, or new, has none): what a poll shares
    /// (`GridCellSharing`).
    public func gridCells(for cities: [City]) -> [String: GridCell] {
        Self.gridCells(for: cities) { name in
            self.cities[name].flatMap { record in record.gridCell.map { RecordedGridCell(city: record.city, cell: $0) } }
        }
    }

    /// The same from each city's recorded cell by name, whichever way it was read.
    static func gridCells(for cities: [City], recorded: (String) -> RecordedGridCell?) -> [String: GridCell] {
        var cells = [String: GridCell](minimumCapacity: cities.count)
        for city in cities {
            guard let known = recorded(city.name), known.city.latitude == city.latitude,
                known.city.longitude == city.longitude
            else { continue }
            cells[city.name] = known.cell
        }
        return cells
    }
}

/// A record's grid cell and the city as it was when answered with it.
struct RecordedGridCell: Equatable {
    var city: City
    var cell: GridCell
}
