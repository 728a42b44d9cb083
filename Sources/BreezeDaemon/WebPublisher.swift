import BreezeConfig
import BreezeDelivery
import BreezeModel
import BreezeState
import BreezeVocabulary
import BreezeWeb
import Dispatch
import Synchronization

/// The one home of what the listener serves: the latest `WebSnapshot`, published by the
/// daemon's control queue (at the start, after each cycle, after a reload) and read by the
/// listener's threads under a lock. Building it (the outbox scan included) runs on the
/// publisher's own queue, so neither the poll loop nor a request waits for it.
public final class WebPublisher: Sendable {
    private let latest = Mutex<WebSnapshot?>(nil)
    private let queue = DispatchQueue(label: "breezed.web.publish")

    /// What the daemon hands over, taken on its control queue.
    struct Moment: Sendable {
        var takenAt: Instant
        var version: String
        var plan: DaemonPlan
        var nextPollAt: Instant?
        var cycleRunning: Bool
        var state: DaemonState
    }

    public init() {}

    /// The latest snapshot; nil before the first publication.
    public var current: WebSnapshot? { latest.withLock { $0 } }

    /// Builds and stores the snapshot of `moment` (in order: the last one published wins).
    func publish(_ moment: Moment) {
        queue.async { [self] in
            let snapshot = Self.snapshot(moment)
            latest.withLock { $0 = snapshot }
        }
    }

    /// Waits until every publication so far is stored (for tests and the ordered stop).
    func flush() { queue.sync {} }

    static func snapshot(_ moment: Moment) -> WebSnapshot {
        let configuration = moment.plan.configuration
        let outbox = Outbox(stateDirectory: moment.plan.stateDirectory)
        return WebSnapshot(
            takenAt: moment.takenAt, version: moment.version,
            pollInterval: Duration(seconds: moment.plan.interval), nextPollAt: moment.nextPollAt,
            cycleRunning: moment.cycleRunning, state: moment.state,
            cities: cities(moment.plan.cities.map(\.city.name), state: moment.state),
            receivers: configuration.receiverNames,
            deliveries: OutboxSummary(outbox.scan(), now: moment.takenAt),
            temperatureUnit: BreezeModel.TemperatureUnit(rawValue: configuration.breeze.temperatureUnit.rawValue) ?? .celsius)
    }

    /// The configured cities as the pages show them, in configured order, each with a slug
    /// (`Slug`) unique among them (`-2`, `-3`… should two ever agree). What `WebCity` carries
    /// beyond the state (history, forecast, pollen, climate) is added here.
    static func cities(_ names: [String], state: DaemonState) -> [WebCity] {
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
            return WebCity(name: name, slug: slug, record: state.cities[name])
        }
    }
}
