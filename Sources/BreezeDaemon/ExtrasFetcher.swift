import BreezeAlerts
import BreezeConfig
import BreezeDelivery
import BreezeFiles
import BreezeModel
import BreezeOpenMeteo
import BreezeState
import BreezeSystem
import BreezeVocabulary
import BreezeWeb
import Dispatch

/// The extras as a service: fetches the status page's extras beside the poll, never in its
/// way: on its own queue, one run at a time, started once a cycle is complete (its state
/// saved, the next poll armed); pollen and UV when due, then the climate trends due
/// (`ExtrasSchedule`), each request bounded by `Timeout=` and tried once. A failure is logged
/// (once per message) and the page keeps what it had. Every property is touched on the
/// daemon's control queue alone (checked); the run itself touches none.
final class ExtrasFetcher: DaemonService, @unchecked Sendable {
    let name = "extras"
    /// The latest extras, read by the publisher of `WebSnapshot`.
    var store: CityExtrasStore {
        dispatchPrecondition(condition: .onQueue(control))
        return latest
    }
    private var latest: CityExtrasStore
    private let control: DispatchQueue
    private let queue = DispatchQueue(label: "breezed.extras")
    private let cache: ClimateTrendCache
    private let logger: any Logger
    private let clock: @Sendable () -> ClockReading
    /// Called on `control` when a run has brought something (the daemon publishes the pages).
    var onUpdate: (() -> Void)?
    /// Called on `control` with each run's pollen-and-UV readings, by city name (the pollen
    /// and UV alerts judge them).
    var onPollen: (([String: PollenReading]) -> Void)?
    private var schedule = ExtrasSchedule()
    private var running = false
    private var stopped = false
    private let failures = FailureLatch()

    /// Reads the climate cache of `stateDirectory` (a bad one is logged and fetched again).
    init(control: DispatchQueue, stateDirectory: String, logger: any Logger, clock: @escaping @Sendable () -> ClockReading) {
        self.control = control
        self.logger = logger
        self.clock = clock
        cache = ClimateTrendCache(stateDirectory: stateDirectory)
        let (entries, problem) = cache.load()
        if let problem { logger.log(LogRecord(.warning, problem, fields: [("BREEZE_ERROR", problem)])) }
        latest = CityExtrasStore(climate: entries)
    }

    /// On `control`: a cycle's history and forecast (`polled`), before its pages are published.
    func adoptPolled(_ polled: [String: (history: [HourlyAQI], forecast: [ForecastDayAQI])], plan: DaemonPlan) {
        dispatchPrecondition(condition: .onQueue(control))
        guard !stopped else { return }
        latest.temperatureUnit = plan.configuration.breeze.temperatureUnit
        latest.adoptPolled(polled, configured: Set(plan.cities.map(\.city.name)))
    }

    /// On `control`, once a cycle is complete: starts a run for what is due, unless one runs or
    /// `plan` has no extras source.
    func startDue(plan: DaemonPlan) {
        dispatchPrecondition(condition: .onQueue(control))
        guard let source = plan.extrasSource, !running, !stopped, !plan.cities.isEmpty else { return }
        let now = clock().wall
        let pollenCities = schedule.pollenDue(at: now) ? Self.pollenCities(plan.configuration) : []
        // The climate trend is for the page and the digests; pollen and UV alerts need none.
        let climateDue = plan.configuration.fetchesExtras
            ? schedule.climateDue(plan.cities, entries: latest.climateEntries, now: now) : []
        guard !pollenCities.isEmpty || !climateDue.isEmpty else { return }
        if !pollenCities.isEmpty { schedule.lastPollenAttempt = now }
        for (watched, day) in climateDue {
            schedule.climateAttempts[watched.city.name] = .init(day: day.description, at: now)
        }
        running = true
        let timeout = plan.configuration.breeze.timeout
        let entries = latest.climateEntries
        queue.async { [self] in
            let outcome = Self.run(
                source: source, pollenCities: pollenCities, climateDue: climateDue.map { ($0.0.city, $0.1) },
                timeout: timeout, clock: clock, startedAt: now)
            let saveProblem = save(entries.merging(outcome.climate) { _, new in new }, changed: !outcome.climate.isEmpty)
            control.async { [self] in
                running = false
                latest.adoptPollen(outcome.pollen)
                if !outcome.pollen.isEmpty { onPollen?(outcome.pollen) }
                latest.adoptClimate(outcome.climate)
                latest.adoptFailures(outcome.failed, fetched: Set(outcome.pollen.keys), climateFetched: Set(outcome.climate.keys))
                report(outcome, saveProblem: saveProblem)
                if !outcome.pollen.isEmpty || !outcome.climate.isEmpty { onUpdate?() }
            }
        }
    }

    /// Nothing to start: the first run follows the first completed cycle (`startDue`).
    func start(_ plan: DaemonPlan) {}

    /// Nothing to take in: each run reads the plan it is started with.
    func reload(_ plan: DaemonPlan) {}

    /// No new run, and no cycle's history taken in; a run already fetching finishes on its
    /// own queue and keeps what it brought.
    func stop() {
        dispatchPrecondition(condition: .onQueue(control))
        stopped = true
    }

    /// At once: a run is not waited for (each request is bounded by `Timeout=`).
    func whenStopped(_ stopped: @escaping @Sendable () -> Void) { stopped() }

    /// The cities the pollen-and-UV request asks for: all with the page's extras or a digest,
    /// else those with a pollen or UV alert.
    static func pollenCities(_ configuration: Configuration) -> [City] {
        (configuration.fetchesExtras ? configuration.cities : configuration.citiesWithExposureAlerts).map(\.city)
    }

    /// What one run brought.
    struct Outcome: Sendable {
        var pollen: [String: PollenReading] = [:]
        var climate: [String: ClimateTrendEntry] = [:]
        /// Per city, the failure and problem sentences to log.
        var records: [LogRecord] = []
        var failures: [String] = []
        /// Per city and extra, what failed, for the page and `breezectl status`.
        var failed: [ExtrasFailure] = []
    }

    /// One run, on the extras' queue: the pollen request (all cities, batched), then one archive
    /// request per city due, each with its own deadline of `timeout` (the pollen request one per
    /// batch of 1000, plus one). A failure is tried again `APICost.pollenAndUVInterval` after
    /// `startedAt` (`ExtrasSchedule`).
    static func run(
        source: any ExtrasSource, pollenCities: [City], climateDue: [(City, LocalDay)], timeout: Duration,
        clock: @Sendable () -> ClockReading, startedAt: Instant
    ) -> Outcome {
        var outcome = Outcome()
        let nextTry = startedAt + APICost.pollenAndUVInterval
        func failed(_ city: City, _ kind: ExtrasFailure.Kind, _ failure: SourceFailure) {
            outcome.failures.append("\(kind.name): \(failure.message)")
            outcome.failed.append(ExtrasFailure(
                city: city.name, kind: kind, reason: failure.message, at: clock().wall, nextTry: nextTry, timeZone: city.timeZone))
        }
        if !pollenCities.isEmpty {
            let batches = (pollenCities.count + 999) / 1000
            let deadline = Deadline(after: timeout * (batches + 1), from: clock())
            let results = source.pollenAndUV(for: pollenCities, deadline: deadline)
            for (index, city) in pollenCities.enumerated() {
                switch index < results.count ? results[index] : .failure(SourceFailure(message: "no result", permanent: false)) {
                case .success(let reading):
                    outcome.pollen[city.name] = reading
                    outcome.records.append(ExtrasRecords.pollen(reading, city: city))
                case .failure(let failure):
                    failed(city, .pollenAndUV, failure)
                }
            }
        }
        for (city, day) in climateDue {
            switch source.climateTrend(for: city, day: day, deadline: Deadline(after: timeout, from: clock())) {
            case .success(let points):
                let entry = ClimateTrendEntry(day: day.description, latitude: city.latitude, longitude: city.longitude, points: points)
                outcome.climate[city.name] = entry
                outcome.records.append(ExtrasRecords.climate(entry, city: city))
            case .failure(let failure):
                failed(city, .climate, failure)
            }
        }
        return outcome
    }

    /// Writes the cache when `changed`; the sentence of a failure, nil on success.
    private func save(_ entries: [String: ClimateTrendEntry], changed: Bool) -> String? {
        guard changed else { return nil }
        do {
            try cache.save(entries)
            return nil
        } catch {
            return "cannot save the climate trends: \(error)"
        }
    }

    private func report(_ outcome: Outcome, saveProblem: String?) {
        outcome.records.forEach(logger.log)
        var summary = "status page extras: pollen and UV for \(Counted.text(outcome.pollen.count, "city", "cities")), "
            + "climate trend for \(outcome.climate.count)"
        if !outcome.failures.isEmpty { summary += ", \(outcome.failures.count) failed" }
        logger.log(LogRecord(.info, summary))
        var seen: Set<String> = []
        for failure in outcome.failures + [saveProblem].compactMap({ $0 }) where seen.insert(failure).inserted {
            guard failures.failed(failure) else { continue }
            logger.log(LogRecord(.warning, "status page extras: \(failure)", fields: [("BREEZE_ERROR", failure)]))
        }
        if outcome.failures.isEmpty, saveProblem == nil, failures.succeeded() {
            logger.log(LogRecord(.notice, "status page extras: fetched again"))
        }
    }
}
