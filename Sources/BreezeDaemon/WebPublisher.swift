import BreezeConfig
import BreezeDelivery
import BreezeModel
import BreezeOutboxValues
import BreezeState
import BreezeVocabulary
import BreezeWeb
import Dispatch
import FoundationEssentials
import Synchronization

/// The one home of what the listener serves: the latest `WebSnapshot`, published by the
/// daemon's control queue (at the start, after each cycle, after a reload) and read by the
/// listener's threads under a lock. Building it (the outbox scan included) runs on the
/// publisher's own queue, so neither the poll loop nor a request waits for it.
public final class WebPublisher: Sendable {
    /// The latest snapshot and its generation (1 for the first, one more for each after).
    private let latest = Mutex<(generation: UInt64, snapshot: WebSnapshot)?>(nil)
    private let queue = DispatchQueue(label: "breezed.web.publish")
    /// The latest snapshot's pages, rendered once each.
    let pages: WebPageCache

    /// What the daemon hands over, taken on its control queue.
    struct Moment: Sendable {
        var takenAt: Instant
        var version: String
        var plan: DaemonPlan
        var nextPollAt: Instant?
        var cycleRunning: Bool
        var state: DaemonState
        /// The status page's extras by city name (`CityExtrasStore.cities`).
        var extras: [String: CityExtras] = [:]
        /// `Daemon.counters()`: what `/metrics` counts.
        var counters = DaemonCounters()
    }

    public convenience init() { self.init(pages: WebPageCache()) }

    init(pages: WebPageCache) {
        self.pages = pages
    }

    /// The latest snapshot; nil before the first publication.
    public var current: WebSnapshot? { latest.withLock { $0?.snapshot } }

    /// The page for `path` from the latest snapshot as served at `servedAt` (the request's
    /// arrival); nil before the first publication. `/`, `/city/<slug>` and `/metrics` come
    /// from `pages`, rendered once per snapshot.
    func page(path: String, servedAt: Instant) -> WebResponse? {
        guard let (generation, published) = latest.withLock({ $0 }) else { return nil }
        var snapshot = published
        snapshot.servedAt = servedAt
        return pages.page(path: path, snapshot: snapshot, generation: generation)
    }

    /// Stores `snapshot` as the latest, a new generation.
    func store(_ snapshot: WebSnapshot) {
        latest.withLock { $0 = ((($0?.generation) ?? 0) + 1, snapshot) }
    }

    /// Builds and stores the snapshot of `moment` (in order: the last one published wins).
    func publish(_ moment: Moment) {
        queue.async { [self] in
            store(Self.snapshot(moment))
        }
    }

    /// Waits until every publication so far is stored (for tests and the ordered stop).
    func flush() { queue.sync {} }

    static func snapshot(_ moment: Moment) -> WebSnapshot {
        let configuration = moment.plan.configuration
        let outbox = Outbox(stateDirectory: moment.plan.stateDirectory)
        var webCities = cities(
            moment.plan.cities.map(\.city.name), state: moment.state,
            zones: Dictionary(moment.plan.cities.map { ($0.city.name, $0.city.zone) }, uniquingKeysWith: { first, _ in first }))
        CityExtrasStore.fill(&webCities, from: moment.extras)
        return WebSnapshot(
            takenAt: moment.takenAt, version: moment.version,
            pollInterval: Duration(seconds: moment.plan.interval), nextPollAt: moment.nextPollAt,
            cycleRunning: moment.cycleRunning, state: moment.state,
            cities: webCities,
            receivers: configuration.receiverNames,
            deliveries: OutboxSummary(outbox.scan(), now: moment.takenAt), counters: moment.counters,
            temperatureUnit: configuration.breeze.temperatureUnit)
    }

    /// The configured cities as the pages show them, in configured order, each with a slug
    /// (`Slug`) unique among them (`-2`, `-3`… should two ever agree). What `WebCity` carries
    /// beyond the state (history, forecast, pollen, climate) is added by `CityExtrasStore.fill`.
    static func cities(_ names: [String], state: DaemonState, zones: [String: CivilZone] = [:]) -> [WebCity] {
        var taken: Set<String> = []
        return names.map { name in
            let base = Slug.of(name)
            var slug = base
            var suffix = 2
            while taken.contains(slug) {
                slug = "\(base)-\(suffix)"
                suffix += 1
            }
            taken.insert(slug)
            return WebCity(name: name, slug: slug, record: state.cities[name], zone: zones[name])
        }
    }
}
