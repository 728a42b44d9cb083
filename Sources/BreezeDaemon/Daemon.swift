import BreezeAlerts
import BreezeConfig
import BreezeDelivery
import BreezeFiles
import BreezeModel
import BreezeSystem
import Dispatch
import BreezeState
import BreezeVocabulary
import BreezeWeb

/// The running daemon: it wires its services (`DaemonServices`) and holds their lifecycle,
/// a `DaemonPhase`. Its properties are touched on `control` alone (checked where they are),
/// where the services confined to that queue run too.
public final class Daemon: @unchecked Sendable {
    private let control = DispatchQueue(label: "breezed.control")
    private let environment: DaemonEnvironment
    private let configurationPath: String
    private let services: DaemonServices
    private var phase = DaemonPhase()
    /// Why and how the daemon stops, from the first `stop` call.
    private var stopRequest: (reason: String, exit: @Sendable (Int32) -> Void)?

    /// The HTTP listener and the snapshot it serves.
    var web: DaemonWebListener { services.web }

    /// Opens the state for `loaded`; fails only when the state directory is unusable.
    public init(
        configurationPath: String, loaded: LoadedConfiguration, environment: DaemonEnvironment
    ) throws(FileError) {
        self.configurationPath = configurationPath
        self.environment = environment
        let plan = DaemonPlan(configuration: loaded.configuration, environment: environment)
        let (store, state) = try Self.openState(plan.stateDirectory, environment: environment)
        services = DaemonServices(plan: plan, state: state, store: store, control: control, environment: environment)
        services.controlSocket?.answer(for: self)
    }

    /// Starts the services in order (the first cycle starts at once), then tells systemd it
    /// is ready. Nothing here waits for the network.
    public func start() {
        control.async { [self] in
            let plan = services.poll.plan
            environment.logger.log(
                DaemonRecords.started(
                    version: environment.version, cities: plan.cities.count, configuration: configurationPath))
            services.poll.onCycleDue = { [weak self] in self?.cycleDue() }
            // Pollen, UV and climate trends arrive between cycles: the pages get them at once.
            services.extras.onUpdate = { [weak self] in self?.extrasArrived() }
            services.extras.onPollen = { [weak self] readings in self?.services.poll.adoptPollen(readings) }
            services.digests.onWake = { [weak self] in self?.writeDueDigests() }
            services.group.start(plan)
            // Serving before READY=1, so a unit ordered after breezed finds the page up.
            publishWeb()
            environment.notifier.ready(status: statusLine())
        }
    }

    /// Re-reads the configuration (SIGHUP). Every fallible step comes first; on any error the
    /// running configuration stays and the error is logged. Alert state survives for every
    /// city that remains.
    public func reload() {
        control.async { [self] in
            environment.notifier.reloading()
            do {
                let loaded = try ConfigurationLoader.load(path: configurationPath, environment: environment.variables)
                let newPlan = DaemonPlan(configuration: loaded.configuration, environment: environment)
                let plan = services.poll.plan
                // The delivery worker owns the outbox in the old folder: moving the state alone
                // would strand it there.
                if newPlan.stateDirectory != plan.stateDirectory {
                    throw ReloadRefused(
                        "StateDirectory= changes need a restart (running with \(plan.stateDirectory), "
                            + "the configuration now says \(newPlan.stateDirectory))")
                }
                loaded.warnings.forEach { environment.logger.log(LogRecord(.warning, $0.description)) }
                services.group.reload(newPlan)
                publishWeb()
                services.poll.persist()
                writeDueDigests()
                environment.logger.log(DaemonRecords.reloaded(cities: newPlan.cities.count))
            } catch let failure as ConfigurationFailure {
                environment.logger.log(DaemonRecords.reloadFailed(errors: failure.errors.map(\.description)))
            } catch {
                environment.logger.log(DaemonRecords.reloadFailed(errors: [String(describing: error)]))
            }
            environment.notifier.ready(status: statusLine())
        }
    }

    /// Polls now (SIGUSR1).
    public func pollNow() {
        control.async { [self] in services.poll.pollNow() }
    }

    /// Stops (SIGTERM, SIGINT) in the order `DaemonPhase` gives: no new cycle and no new
    /// delivery attempt; a running cycle and running attempts get `grace` seconds in all (by
    /// the injected clock) to finish (an attempt cut short stays in the outbox and is sent
    /// again on the next start); the state is saved; then `exit` is called with status 0.
    public func stop(reason: String, grace: Duration = .seconds(5), exit: @escaping @Sendable (Int32) -> Void) {
        control.async { [self] in
            if stopRequest == nil { stopRequest = (reason, exit) }
            perform(phase.stop(until: Deadline(after: grace, from: environment.clock())))
        }
    }

    private func cycleDue() {
        perform(phase.cycleDue())
    }

    /// Each action names a service or a step of its own; a stop goes through the group in
    /// stages, last started first (`DaemonServices`).
    private func perform(_ actions: [DaemonPhase.Action]) {
        dispatchPrecondition(condition: .onQueue(control))
        for action in actions {
            switch action {
            case .runCycle: runCycle()
            case .adoptCycleResult: services.poll.adoptCycleResult()
            case .completeCycle: completeCycle()
            case .persist: services.poll.persist()
            case .announceStop:
                environment.notifier.stopping()
                environment.logger.log(DaemonRecords.stopping(reason: stopRequest?.reason ?? "stop"))
            case .stopLoop: services.group.stop(through: services.poll)
            case .stopListener: services.group.stop(through: services.web)
            case .stopDelivery: services.group.stop(through: services.delivery)
            case .waitForCycle(let deadline): waitForCycle(until: deadline)
            case .waitForAttempts(let deadline): waitForAttempts(until: deadline)
            case .exit: stopRequest?.exit(0)
            }
        }
    }

    private func runCycle() {
        dispatchPrecondition(condition: .onQueue(control))
        let pages = Self.pagesShowExtras(services.poll.plan, sockets: environment.listenSockets)
        services.poll.runCycle(pages: pages) { [self] polled in
            services.extras.adoptPolled(polled, plan: services.poll.plan)
            perform(phase.cycleFinished())
        }
        publishWeb()
    }

    private func completeCycle() {
        dispatchPrecondition(condition: .onQueue(control))
        guard let (summary, completed) = services.poll.takeCompletedCycle() else { return }
        // The cycle's snapshot and results are gone: what they held goes back to the system.
        MemoryArenas.trim()
        services.digests.cycleCompleted(forecasts: summary.forecasts.compactMapValues(\.series), plan: services.poll.plan)
        writeDueDigests()
        // On the heartbeat's own queue: returns at once, whatever the monitor does.
        services.heartbeat.cycleCompleted(gotData: summary.citiesWithData > 0)
        // `then` runs once the loop has armed the next poll, so the status names its time.
        completed(summary.noCityGotData ? .failed : .succeeded) { [self] in
            environment.notifier.status(statusLine(alerting: summary.alerting))
            publishWeb()
            // Only now, the cycle's state saved and the next poll armed: an extras request
            // never comes before (or amid) the poll it follows. Nothing once stopping.
            services.extras.startDue(plan: services.poll.plan)
        }
    }

    /// Pollen, UV or climate trends came: the pages show them, a digest waiting for them may go.
    private func extrasArrived() {
        dispatchPrecondition(condition: .onQueue(control))
        publishWeb()
        services.digests.extrasArrived()
        writeDueDigests()
    }

    /// Writes the digests due, and saves the state at once when one was written. Not during a
    /// cycle (its result would put back the state from before): its completion calls again.
    private func writeDueDigests() {
        dispatchPrecondition(condition: .onQueue(control))
        guard stopRequest == nil, !phase.cycleRunning else { return }
        let extras = services.extras.store.cities
        let (digests, delivery, logger) = (services.digests, services.delivery.worker, environment.logger)
        let written = services.poll.changeState { plan, state in
            digests.run(plan: plan, state: &state, extras: extras, delivery: delivery, logger: logger)
        }
        if written { services.poll.persist() }
    }

    private func waitForCycle(until deadline: Deadline) {
        let left = services.group.remaining(until: deadline)
        environment.logger.log(LogRecord(.debug, "stopping: waiting up to \(left) for the running cycle"))
        services.group.whenStopped(services.poll, until: deadline) { [self] _ in
            control.async { [self] in perform(phase.cycleWaitEnded()) }
        }
    }

    private func waitForAttempts(until deadline: Deadline) {
        let left = services.group.remaining(until: deadline)
        environment.logger.log(LogRecord(.debug, "stopping: waiting up to \(left) for running delivery attempts"))
        services.group.whenStopped(until: deadline) { [self] _ in
            control.async { [self] in perform(phase.attemptsWaitEnded()) }
        }
    }

    /// Hands the pages this moment of the daemon.
    private func publishWeb() {
        dispatchPrecondition(condition: .onQueue(control))
        let plan = services.poll.plan
        services.web.publisher.publish(
            WebPublisher.Moment(
                takenAt: environment.clock().wall, version: environment.version, plan: plan,
                nextPollAt: services.poll.nextPollWall, cycleRunning: phase.cycleRunning, state: services.poll.state,
                extras: Self.publishedExtras(services.extras.store.cities, plan: plan, sockets: environment.listenSockets),
                counters: counters()))
    }

    /// Whether a page may be served: `Listen=` not empty, systemd's sockets, or the extras
    /// forced on (for `/api/v1` behind them).
    static func pagesShowExtras(_ plan: DaemonPlan, sockets: [Int32]) -> Bool {
        plan.configuration.breeze.statusPageExtras || !plan.configuration.web.listen.isEmpty || !sockets.isEmpty
    }

    /// What the pages are handed of `cities`: the history and forecast whenever a page may be
    /// served; pollen, UV and the climate trend only with the extras on (off after a reload:
    /// the page stops showing the last ones).
    static func publishedExtras(_ cities: [String: CityExtras], plan: DaemonPlan, sockets: [Int32]) -> [String: CityExtras] {
        guard pagesShowExtras(plan, sockets: sockets) else { return [:] }
        guard !plan.configuration.breeze.statusPageExtras else { return cities }
        return cities.mapValues { CityExtras(history: $0.history, forecast: $0.forecast) }
    }

    private func statusLine(alerting: Int? = nil) -> String {
        dispatchPrecondition(condition: .onQueue(control))
        let alertingCount = alerting ?? services.poll.state.cities.values.filter(\.alert.firing).count
        var line = "\(Counted.text(services.poll.plan.cities.count, "city", "cities")), \(alertingCount) alerting"
        if let next = services.poll.nextPollWall {
            line += ", next poll " + TimeText.localClock(Instant(unixSeconds: next.unixSeconds.rounded(.up)))
        }
        return line
    }
}

/// A reload the running daemon cannot apply, with the reason it logs.
struct ReloadRefused: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}

extension Daemon {
    /// One moment of the daemon, taken on its control queue, for the control socket.
    func snapshot(_ reply: @escaping @Sendable (DaemonSnapshot) -> Void) {
        control.async { [self] in
            let plan = services.poll.plan
            reply(
                DaemonSnapshot(
                    version: environment.version, configurationPath: configurationPath, cities: plan.cities.map(\.city.name),
                    receivers: plan.configuration.receiverNames, interval: plan.interval,
                    nextPollAt: services.poll.nextPollWall, cycleRunning: phase.cycleRunning, state: services.poll.state,
                    stateDirectory: plan.stateDirectory,
                    extrasFailures: services.extras.store.failures(order: plan.cities.map(\.city.name))))
        }
    }

    /// Puts the given-up deliveries of the receivers `accepts` names back in the outbox.
    func requeueDead(accepts: @escaping (String) -> Bool) -> (count: Int, failures: [FileError]) {
        services.delivery.worker.requeueDead(accepts: accepts)
    }
}

extension Daemon {
    /// What the daemon counted since it started, for `WebSnapshot.counters`: poll cycles by
    /// result, their durations, Open-Meteo requests by result, and the delivery worker's
    /// deliveries by receiver and result. Call on the control queue (where the snapshot is
    /// built); it waits briefly for the delivery worker's queue.
    func counters() -> DaemonCounters {
        dispatchPrecondition(condition: .onQueue(control))
        var counters = services.poll.counters
        counters.deliveries = services.delivery.worker.deliveryCounts
        return counters
    }

    /// `counters()` taken on the control queue, for tests and callers elsewhere.
    func counters(_ reply: @escaping @Sendable (DaemonCounters) -> Void) {
        control.async { [self] in reply(counters()) }
    }
}
