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

/// The running daemon: a control queue owns the plan and the state; poll cycles run on a
/// work queue and hand their results back. Its life is a `DaemonPhase`; every property is
/// touched on `control` alone.
public final class Daemon: @unchecked Sendable {
    private let control = DispatchQueue(label: "breezed.control")
    private let work = DispatchQueue(label: "breezed.poll")
    private let environment: DaemonEnvironment
    private let configurationPath: String
    private var plan: DaemonPlan
    private var state: DaemonState
    private let store: StateStore
    private var loop: PollLoop?
    private let delivery: DeliveryWorker
    /// The HTTP listener and the snapshot it serves.
    let web: DaemonWebListener
    private let outboxFailures = FailureLatch()
    /// The pollen and UV alerts, judged when the extras bring a reading.
    private let exposure = ExposureAlerts()
    private let stateFailures = FailureLatch()
    /// Pings `HeartbeatURL=` after each cycle; nil without a heartbeat transport.
    private let heartbeat: HeartbeatSender?
    private var phase = DaemonPhase()
    /// The status page's extras: each cycle's history and forecast, pollen, UV and the climate
    /// trend fetched beside the poll. Its `store` is read on `control` (`store.fill`).
    let extras: ExtrasFetcher
    /// The running cycle's hand-back to the loop, and its result once it is done.
    private var cycleCompletion: PollLoop.CycleCompletion?
    private var cycleResult: (state: DaemonState, summary: CycleSummary)?
    /// Cycles and requests counted since the start (reloads keep them); deliveries are the
    /// worker's (`counters`).
    private var cycleCounters = DaemonCounters()
    /// Why and how the daemon stops, from the first `stop` call.
    private var stopRequest: (reason: String, exit: @Sendable (Int32) -> Void)?
    /// The daily digests (`Digest=`) and their timer.
    private let digests: DigestDriver

    /// Opens the state for `loaded`; fails only when the state directory is unusable.
    public init(
        configurationPath: String, loaded: LoadedConfiguration, environment: DaemonEnvironment
    ) throws(FileError) {
        self.configurationPath = configurationPath
        self.environment = environment
        plan = DaemonPlan(configuration: loaded.configuration, environment: environment)
        (store, state) = try Self.openState(plan.stateDirectory, environment: environment)
        delivery = Self.makeDelivery(plan, environment: environment)
        heartbeat = environment.heartbeatTransport.map { HeartbeatSender(transport: $0, logger: environment.logger) }
        web = DaemonWebListener(logger: environment.logger, sockets: environment.listenSockets, clock: environment.clock)
        extras = ExtrasFetcher(
            control: control, stateDirectory: plan.stateDirectory, logger: environment.logger, clock: environment.clock)
        digests = DigestDriver(control: control, clock: environment.clock)
    }

    /// Arms the poll timer (the first cycle starts at once), then tells systemd it is ready.
    /// Nothing here waits for the network.
    public func start() {
        control.async { [self] in
            // Entries left by the last run (a crash, a kill -9) go out before anything new.
            delivery.start()
            environment.logger.log(
                DaemonRecords.started(
                    version: environment.version, cities: plan.cities.count, configuration: configurationPath))
            let watchdog = ServiceNotifier.watchdogInterval(environment: environment.variables)
            let checkEvery = min(.seconds(60), watchdog.map { $0 / 2 } ?? .seconds(60))
            let notifier = environment.notifier
            let loop = PollLoop(
                queue: control, interval: Duration(seconds: plan.interval), jitter: Duration(seconds: plan.jitter),
                checkEvery: checkEvery, stallAfter: plan.cycleBudget + .seconds(30),
                clock: environment.clock, random: environment.random,
                heartbeat: { if watchdog != nil { notifier.watchdog() } },
                cycle: { [weak self] completed in self?.cycleDue(completed) })
            self.loop = loop
            loop.start()
            // Pollen, UV and climate trends arrive between cycles: the pages get them at once.
            extras.onUpdate = { [weak self] in self?.publishWeb(); self?.digests.extrasArrived(); self?.writeDueDigests() }
            extras.onPollen = { [weak self] readings in self?.adoptPollen(readings) }
            digests.onWake = { [weak self] in self?.writeDueDigests() }
            // Serving before READY=1, so a unit ordered after breezed finds the page up.
            publishWeb()
            web.start(plan.configuration.web)
            notifier.ready(status: statusLine())
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
                // The delivery worker owns the outbox in the old folder: moving the state alone
                // would strand it there.
                if newPlan.stateDirectory != plan.stateDirectory {
                    throw ReloadRefused(
                        "StateDirectory= changes need a restart (running with \(plan.stateDirectory), "
                            + "the configuration now says \(newPlan.stateDirectory))")
                }
                loaded.warnings.forEach { environment.logger.log(LogRecord(.warning, $0.description)) }
                plan = newPlan
                // Receivers removed by the reload keep their pending entries on disk; they go
                // out if a receiver of that name comes back (see DeliveryQueues).
                delivery.replaceTargets(plan.routing.targets)
                loop?.reschedule(interval: Duration(seconds: plan.interval), jitter: Duration(seconds: plan.jitter))
                web.reload(plan.configuration.web)
                publishWeb()
                persist()
                writeDueDigests()
                environment.logger.log(DaemonRecords.reloaded(cities: plan.cities.count))
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
        control.async { [self] in loop?.pollNow() }
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

    private func cycleDue(_ completed: PollLoop.CycleCompletion) {
        cycleCompletion = completed
        perform(phase.cycleDue())
    }

    private func perform(_ actions: [DaemonPhase.Action]) {
        dispatchPrecondition(condition: .onQueue(control))
        for action in actions {
            switch action {
            case .runCycle: runCycle()
            case .adoptCycleResult: adoptCycleResult()
            case .completeCycle: completeCycle()
            case .persist: persist()
            case .announceStop:
                environment.notifier.stopping()
                environment.logger.log(DaemonRecords.stopping(reason: stopRequest?.reason ?? "stop"))
            case .stopLoop: loop?.stop(); digests.stop()
            case .stopListener: web.stop()
            case .stopDelivery: delivery.stop()
            case .waitForCycle(let deadline): waitForCycle(until: deadline)
            case .waitForAttempts(let deadline): waitForAttempts(until: deadline)
            case .exit: stopRequest?.exit(0)
            }
        }
    }

    private func runCycle() {
        let plan = self.plan
        nonisolated(unsafe) var snapshot = state
        let environment = self.environment
        let started = environment.clock()
        let deadline = Deadline(after: plan.cycleBudget, from: started)
        work.async { [self] in
            let pages = Self.pagesShowExtras(plan, sockets: environment.listenSockets)
            let summary = Self.poll(
                plan, state: &snapshot, delivery: delivery, environment, outboxFailures: outboxFailures,
                deadline: deadline, pages: pages)
            let seconds = environment.clock().monotonic - started.monotonic
            let result = snapshot
            // From the poll's own answer, no call: worked out whenever a page may read them.
            let polled = pages ? PolledExtras.byCity(summary.forecasts, configuration: plan.configuration) : [:]
            control.async { [self] in
                if stopRequest == nil { extras.adoptPolled(polled, plan: self.plan) }
                cycleCounters.countCycle(summary.result, seconds: seconds)
                cycleCounters.countRequests(summary.apiRequests)
                cycleResult = (result, summary)
                perform(phase.cycleFinished())
            }
        }
        publishWeb()
    }

    private func adoptCycleResult() {
        guard var result = cycleResult else { return }
        ExposureAlerts.carryOver(from: state, into: &result.state)
        state = result.state
        state.pollInterval = Duration(seconds: plan.interval)
    }

    private func completeCycle() {
        guard let completed = cycleCompletion, let summary = cycleResult?.summary else { return }
        cycleCompletion = nil
        cycleResult = nil
        // The cycle's snapshot and results are gone: what they held goes back to the system.
        MemoryArenas.trim()
        digests.cycleCompleted(forecasts: summary.forecasts.compactMapValues(\.series), plan: plan)
        writeDueDigests()
        // On the heartbeat's own queue: returns at once, whatever the monitor does.
        if let url = plan.configuration.breeze.heartbeatURL {
            heartbeat?.cycleCompleted(gotData: summary.citiesWithData > 0, url: url)
        }
        // `then` runs once the loop has armed the next poll, so the status names its time.
        completed(summary.noCityGotData ? .failed : .succeeded) { [self] in
            environment.notifier.status(statusLine(alerting: summary.alerting))
            publishWeb()
            // Only now, the cycle's state saved and the next poll armed: an extras request
            // never comes before (or amid) the poll it follows.
            if stopRequest == nil { extras.startDue(plan: plan) }
        }
    }

    /// A pollen-and-UV run's readings: the pollen and UV alerts judge them, the state is saved.
    private func adoptPollen(_ readings: [String: PollenReading]) {
        guard stopRequest == nil else { return }
        exposure.adopt(
            readings, configuration: plan.configuration, state: &state, routing: plan.routing, delivery: delivery,
            logger: environment.logger, failures: outboxFailures, now: environment.clock().wall)
        persist()
    }

    /// Writes the digests due, and saves the state at once when one was written. Not during a
    /// cycle (its result would put back the state from before): its completion calls again.
    private func writeDueDigests() {
        guard stopRequest == nil, !phase.cycleRunning else { return }
        let extras = extras.store.cities
        if digests.run(plan: plan, state: &state, extras: extras, delivery: delivery, logger: environment.logger) { persist() }
    }

    private func waitForCycle(until deadline: Deadline) {
        let left = remaining(until: deadline)
        environment.logger.log(LogRecord(.debug, "stopping: waiting up to \(left) for the running cycle"))
        control.asyncAfter(deadline: .now() + left.seconds) { [self] in perform(phase.cycleWaitEnded()) }
    }

    private func waitForAttempts(until deadline: Deadline) {
        let left = remaining(until: deadline)
        environment.logger.log(LogRecord(.debug, "stopping: waiting up to \(left) for running delivery attempts"))
        delivery.whenNoAttemptRuns { [self] in control.async { [self] in perform(phase.attemptsWaitEnded()) } }
        control.asyncAfter(deadline: .now() + left.seconds) { [self] in perform(phase.attemptsWaitEnded()) }
    }

    /// The time left until `deadline` by the injected clock, at most a day.
    private func remaining(until deadline: Deadline) -> Duration {
        min(max(.zero, deadline.remaining(at: environment.clock())), .seconds(86_400))
    }

    private func persist() {
        do {
            try store.save(state)
            if stateFailures.succeeded() { environment.logger.log(LogRecord(.notice, "the state is saved again")) }
        } catch {
            // Once per condition: with the disk full this would otherwise repeat every cycle.
            guard stateFailures.failed(error.reason) else { return }
            environment.logger.log(
                LogRecord(.error, "cannot save the state: \(error)", fields: [("BREEZE_ERROR", error.description)]))
        }
    }

    /// Hands the pages this moment of the daemon.
    private func publishWeb() {
        web.publisher.publish(
            WebPublisher.Moment(
                takenAt: environment.clock().wall, version: environment.version, plan: plan,
                nextPollAt: loop?.nextPollWall, cycleRunning: phase.cycleRunning, state: state,
                extras: Self.publishedExtras(extras.store.cities, plan: plan, sockets: environment.listenSockets),
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
        let alertingCount = alerting ?? state.cities.values.filter(\.alert.firing).count
        var line = "\(Counted.text(plan.cities.count, "city", "cities")), \(alertingCount) alerting"
        if let loop { line += ", next poll " + TimeText.localClock(Instant(unixSeconds: loop.nextPollWall.unixSeconds.rounded(.up))) }
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
            reply(
                DaemonSnapshot(
                    version: environment.version, configurationPath: configurationPath, cities: plan.cities.map(\.city.name),
                    receivers: plan.configuration.receiverNames, interval: plan.interval,
                    nextPollAt: loop?.nextPollWall, cycleRunning: phase.cycleRunning, state: state,
                    stateDirectory: plan.stateDirectory, extrasFailures: extras.store.failures(order: plan.cities.map(\.city.name))))
        }
    }

    /// Puts the given-up deliveries of the receivers `accepts` names back in the outbox.
    func requeueDead(accepts: @escaping (String) -> Bool) -> (count: Int, failures: [FileError]) {
        delivery.requeueDead(accepts: accepts)
    }
}

extension Daemon {
    /// What the daemon counted since it started, for `WebSnapshot.counters`: poll cycles by
    /// result, their durations, Open-Meteo requests by result, and the delivery worker's
    /// deliveries by receiver and result. Call on the control queue (where the snapshot is
    /// built); it waits briefly for the delivery worker's queue.
    func counters() -> DaemonCounters {
        dispatchPrecondition(condition: .onQueue(control))
        var counters = cycleCounters
        counters.deliveries = delivery.deliveryCounts
        return counters
    }

    /// `counters()` taken on the control queue, for tests and callers elsewhere.
    func counters(_ reply: @escaping @Sendable (DaemonCounters) -> Void) {
        control.async { [self] in reply(counters()) }
    }
}
