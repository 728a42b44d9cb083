import BreezeConfig
import BreezeDelivery
import BreezeModel
import BreezeSensors
import BreezeSystem
import BreezeVocabulary
import Dispatch
import Synchronization

/// The `[Sensor]`s as a service: asks each sensor on its own schedule (a PurpleAir every
/// 2 minutes, AirNow once an hour: `SensorSettings.pollInterval`), one request at a time on a
/// queue of its own, each bounded by the client's timeout; keeps every sensor's hourly means
/// (`SensorHours`) and saves them to `sensors.json` in the state folder as each hour ends and
/// at the stop, so a restart in the middle of smoke keeps its hours; after each round keeps
/// every city's `CityGround` where a cycle reads it (`grounds()`, from any queue) once
/// Open-Meteo has answered. Every other property is touched on its own queue alone.
final class SensorService: DaemonService, @unchecked Sendable {
    let name = "sensors"
    private let queue = DispatchQueue(label: "breezed.sensors")
    private let client: SensorClient?
    private let wakeUps: any WakeUpTimers
    private let clock: @Sendable () -> ClockReading
    private let logger: any Logger
    private var file: SensorHoursFile?
    private var timer: (any WakeUpTimer)?
    private var tracks: [SensorTrack] = []
    /// Per sensor, the verdict last logged ("valid" or "invalid: …"): only changes are logged.
    private var logged: [String: String] = [:]
    /// The start of the hour the hours were last saved in.
    private var savedHour: Instant?
    private let saveFailures = FailureLatch()
    private var stopped = false
    /// Every city's sensors after the latest round, by city name.
    private let latest = Mutex<[String: CityGround]>([:])

    /// `client` nil: no sensor is asked (a configuration without any, or a test without them).
    init(
        client: SensorClient?, wakeUps: any WakeUpTimers, logger: any Logger,
        clock: @escaping @Sendable () -> ClockReading
    ) {
        self.client = client
        self.wakeUps = wakeUps
        self.logger = logger
        self.clock = clock
    }

    func start(_ plan: DaemonPlan) {
        queue.async { [self] in
            let file = SensorHoursFile(stateDirectory: plan.stateDirectory)
            self.file = file
            let kinds = Dictionary(plan.configuration.sensors.map { ($0.name, $0.kind) }, uniquingKeysWith: { first, _ in first })
            let hours = load(file, kinds: kinds, now: clock().wall)
            tracks = Self.tracks(plan, keeping: [], hours: hours, now: clock().wall)
            timer = wakeUps.timer(on: queue) { [weak self] in self?.round() }
            round()
        }
    }

    func reload(_ plan: DaemonPlan) {
        queue.async { [self] in
            guard !stopped else { return }
            tracks = Self.tracks(plan, keeping: tracks, hours: [:], now: clock().wall)
            logged = logged.filter { name, _ in tracks.contains { $0.settings.name == name } }
            round()
        }
    }

    func stop() {
        queue.async { [self] in
            guard !stopped else { return }
            stopped = true
            timer?.cancel()
            save()
        }
    }

    /// After the round running at `stop` (one request at most, bounded by its timeout).
    func whenStopped(_ stopped: @escaping @Sendable () -> Void) {
        queue.async { stopped() }
    }

    /// The tracks of `plan`'s sensors whose city is watched: one kept from `previous` when
    /// its name, kind and city are unchanged (its hours and latest answer go on), else new,
    /// with its hours from the file.
    static func tracks(_ plan: DaemonPlan, keeping previous: [SensorTrack], hours: [String: SensorHours], now: Instant)
        -> [SensorTrack]
    {
        let cities = Dictionary(plan.cities.map { ($0.city.name, $0.city) }, uniquingKeysWith: { first, _ in first })
        return plan.configuration.sensors.compactMap { settings in
            guard let city = cities[settings.city] else { return nil }
            if let kept = previous.first(where: {
                $0.settings.name == settings.name && $0.settings.kind == settings.kind && $0.city == city
            }) {
                var track = kept
                track.settings = settings
                return track
            }
            return SensorTrack(settings: settings, city: city, hours: hours[settings.name] ?? SensorHours(), now: now)
        }
    }

    /// Asks every sensor due, saves the hours when an hour has ended, hands the cities'
    /// sensors on and arms the timer for the next one due.
    private func round() {
        dispatchPrecondition(condition: .onQueue(queue))
        guard !stopped else { return }
        if let client {
            for index in tracks.indices where tracks[index].nextDue <= clock().wall {
                let result = client.fetch(tracks[index].request)
                let now = clock().wall
                tracks[index].apply(result, now: now)
                logChange(tracks[index], now: now)
                if stopped { break }
            }
        }
        let now = clock().wall
        let hour = now.hourStart
        if savedHour.map({ hour > $0 }) ?? true, !tracks.isEmpty {
            save()
            savedHour = hour
        }
        let grounds = Self.grounds(tracks, now: now)
        latest.withLock { $0 = grounds }
        guard let next = tracks.map(\.nextDue).min() else { return }
        timer?.schedule(after: max(1, (next - now).seconds))
    }

    /// Every city's sensors after the latest round, by city name; empty before the first.
    func grounds() -> [String: CityGround] { latest.withLock { $0 } }

    /// Every city's sensors at `now`, in configuration order.
    static func grounds(_ tracks: [SensorTrack], now: Instant) -> [String: CityGround] {
        var grounds: [String: CityGround] = [:]
        for track in tracks { grounds[track.city.name, default: CityGround(sensors: [])].sensors.append(track.status(now: now)) }
        return grounds
    }

    private func logChange(_ track: SensorTrack, now: Instant) {
        let status = track.status(now: now)
        let verdict = status.verdict
        let before = logged[status.name]
        logged[status.name] = verdict
        // The first valid answer is not news; a first invalid one is.
        guard before != verdict, before != nil || status.invalidReason != nil else { return }
        logger.log(SensorRecords.verdictChanged(status, city: track.city))
    }

    /// The hours saved before, by sensor; a file that does not read is logged (it was moved
    /// aside) and the hours start empty.
    private func load(_ file: SensorHoursFile, kinds: [String: SensorKind], now: Instant) -> [String: SensorHours] {
        do {
            switch try file.load(kinds: kinds, now: now) {
            case .fresh: return [:]
            case .loaded(let hours, let dropped):
                for reason in dropped { logger.log(LogRecord(.notice, reason)) }
                return hours
            case .corrupt(let movedTo, let reason):
                logger.log(
                    LogRecord(
                        .warning, "the sensors' hours file was corrupt; moved it to \(movedTo) and starting afresh",
                        fields: [("BREEZE_ERROR", reason)]))
                return [:]
            }
        } catch {
            logger.log(
                LogRecord(.error, "cannot read the sensors' hours: \(error)", fields: [("BREEZE_ERROR", error.description)]))
            return [:]
        }
    }

    private func save() {
        guard let file, !tracks.isEmpty else { return }
        let hours = Dictionary(
            tracks.map { ($0.settings.name, SensorHoursFile.Entry(kind: $0.settings.kind, hours: $0.hours)) },
            uniquingKeysWith: { first, _ in first })
        do {
            try file.save(hours)
            if saveFailures.succeeded() { logger.log(LogRecord(.notice, "the sensors' hours are saved again")) }
        } catch {
            guard saveFailures.failed(error.description) else { return }
            logger.log(
                LogRecord(.error, "cannot save the sensors' hours: \(error)", fields: [("BREEZE_ERROR", error.description)]))
        }
    }
}
