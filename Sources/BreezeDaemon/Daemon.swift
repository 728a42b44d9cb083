import BreezeAlerts
import BreezeConfig
import BreezeDelivery
import BreezeFiles
import BreezeModel
import BreezeSystem
import Dispatch
import BreezeState
import BreezeVocabulary

/// The running daemon: a control queue owns the plan and the state; poll cycles run on a
/// work queue and hand their results back. Every property is touched on `control` alone.
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
    private let outboxFailures = FailureLatch()
    private let stateFailures = FailureLatch()
    private var cycleRunning = false
    private var stopping = false

    /// Opens the state for `loaded`; fails only when the state directory is unusable.
    public init(
        configurationPath: String, loaded: LoadedConfiguration, environment: DaemonEnvironment
    ) throws(FileError) {
        self.configurationPath = configurationPath
        self.environment = environment
        plan = DaemonPlan(configuration: loaded.configuration, environment: environment)
        (store, state) = try Self.openState(plan.stateDirectory, environment: environment)
        delivery = Self.makeDelivery(plan, environment: environment)
    }

    /// Arms the poll timer (the first cycle starts at once), then tells systemd it is ready.
    /// Nothing here waits for the network.
    public func start() {
        control.async { [self] in
            // Entries left by the last run (a crash, a kill -9) go out before anything new.
            delivery.start()
            environment.logger.log(
                DaemonRecords.started(
                    version: BreezeVersionText.value, cities: plan.cities.count, configuration: configurationPath))
            let watchdog = ServiceNotifier.watchdogInterval(environment: environment.variables)
            let checkEvery = min(60, watchdog.map { $0.seconds / 2 } ?? 60)
            let notifier = environment.notifier
            let loop = PollLoop(
                queue: control, interval: plan.interval, jitter: plan.jitter, checkEvery: checkEvery,
                stallAfter: plan.cycleBudget + 30, clock: environment.clock, random: environment.random,
                heartbeat: { if watchdog != nil { notifier.watchdog() } },
                cycle: { [weak self] completed in self?.runCycle(completed) })
            self.loop = loop
            loop.start()
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
                loop?.reschedule(interval: plan.interval, jitter: plan.jitter)
                persist()
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

    /// Stops (SIGTERM, SIGINT): no new cycle and no new delivery attempt; a running cycle and
    /// running attempts get `grace` seconds to finish (an attempt cut short stays in the
    /// outbox and is sent again on the next start); the state is saved; then `exit` is
    /// called with status 0.
    public func stop(reason: String, grace: Double = 5, exit: @escaping @Sendable (Int32) -> Void) {
        control.async { [self] in
            guard !stopping else { return }
            stopping = true
            environment.notifier.stopping()
            environment.logger.log(DaemonRecords.stopping(reason: reason))
            loop?.stop()
            delivery.stop()
            let deadline = ContinuousClock.now + .seconds(grace)
            waitForCycle(until: deadline) { [self] in
                persist()
                delivery.waitForAttempts(deadline: deadline)
                exit(0)
            }
        }
    }

    private func waitForCycle(until deadline: ContinuousClock.Instant, then finish: @escaping @Sendable () -> Void) {
        guard cycleRunning, ContinuousClock.now < deadline else {
            finish()
            return
        }
        control.asyncAfter(deadline: .now() + .milliseconds(20)) { [self] in
            waitForCycle(until: deadline, then: finish)
        }
    }

    private func runCycle(_ completed: @escaping @Sendable (PollLoop.CycleOutcome) -> Void) {
        cycleRunning = true
        let plan = self.plan
        nonisolated(unsafe) var snapshot = state
        let environment = self.environment
        let deadline = ContinuousClock.now + .seconds(plan.cycleBudget)
        work.async { [self] in
            let summary = Self.poll(
                plan, state: &snapshot, delivery: delivery, environment, outboxFailures: outboxFailures,
                deadline: deadline)
            let result = snapshot
            control.async { [self] in
                cycleRunning = false
                state = result
                state.pollIntervalSeconds = self.plan.interval
                persist()
                completed(summary.noCityGotData ? .failed : .succeeded)
                // After the loop has armed the next poll, so the status names its time.
                control.async { [self] in
                    environment.notifier.status(statusLine(alerting: summary.alerting))
                }
            }
        }
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

    private func statusLine(alerting: Int? = nil) -> String {
        let alertingCount = alerting ?? state.cities.values.filter(\.alert.firing).count
        var line = "\(Counted.text(plan.cities.count, "city", "cities")), \(alertingCount) alerting"
        if let loop { line += ", next poll " + TimeText.localClock(loop.nextPollWall.rounded(.up)) }
        return line
    }

    static func makeDelivery(_ plan: DaemonPlan, environment: DaemonEnvironment) -> DeliveryWorker {
        let logger = environment.logger
        let clock = environment.clock
        return DeliveryWorker(
            outbox: Outbox(stateDirectory: plan.stateDirectory), targets: plan.routing.targets,
            quietHours: environment.quietHours, clock: { clock().wall }, random: environment.random,
            report: { logger.log(DeliveryRecords.record($0)) })
    }

    /// One poll cycle over `plan`, its alert events written to the outbox (a city whose
    /// events cannot be written keeps its old alert state: `OutboxHandOff`). The caller saves
    /// `state` afterwards: the outbox first, the state second, so a crash in between may
    /// send an event twice — under the same id — but never loses one.
    static func poll(
        _ plan: DaemonPlan, state: inout DaemonState, delivery: DeliveryWorker, _ environment: DaemonEnvironment,
        outboxFailures: FailureLatch, deadline: ContinuousClock.Instant
    ) -> CycleSummary {
        let now = environment.clock().wall
        var summary = PollCycle.run(
            cities: plan.cities, state: &state, source: plan.source, logger: environment.logger,
            now: now, deadline: deadline)
        OutboxHandOff.run(
            &summary, state: &state, routing: plan.routing, delivery: delivery, logger: environment.logger,
            failures: outboxFailures, now: now)
        state.lastCycleCompletedAt = Instant(unixSeconds: max(now, environment.clock().wall))
        return summary
    }

    static func openState(_ directory: String, environment: DaemonEnvironment) throws(FileError)
        -> (StateStore, DaemonState)
    {
        try AtomicFile.createFolder(directory)
        let store = StateStore(stateDirectory: directory)
        switch try store.load(now: environment.clock().wall) {
        case .loaded(let state): return (store, state)
        case .fresh: return (store, DaemonState())
        case .corrupt(let movedTo, let reason):
            environment.logger.log(
                LogRecord(
                    .warning, "the state file was corrupt; moved it to \(movedTo) and starting afresh",
                    fields: [("BREEZE_ERROR", reason)]))
            return (store, DaemonState())
        }
    }
}

extension Daemon {
    /// How long `breezed --once` spends delivering, in seconds, before it leaves what is
    /// left in the outbox for the daemon.
    public static let onceDeliveryBudget = 30.0

    /// One cycle and no timer (`breezed --once`): the state is opened, updated and saved as
    /// the long-running daemon would; the cycle's events are written to the outbox, and
    /// everything due in it is attempted once (failures stay for the daemon), within
    /// `onceDeliveryBudget`.
    public static func runOnce(
        loaded: LoadedConfiguration, environment: DaemonEnvironment
    ) throws(FileError) -> CycleSummary {
        let plan = DaemonPlan(configuration: loaded.configuration, environment: environment)
        let (store, loadedState) = try openState(plan.stateDirectory, environment: environment)
        var state = loadedState
        let delivery = makeDelivery(plan, environment: environment)
        delivery.start()
        var summary = poll(
            plan, state: &state, delivery: delivery, environment, outboxFailures: FailureLatch(),
            deadline: ContinuousClock.now + .seconds(plan.cycleBudget))
        state.pollIntervalSeconds = plan.interval
        try store.save(state)
        let deadline = ContinuousClock.now + .seconds(onceDeliveryBudget)
        delivery.waitUntilIdle(deadline: deadline)
        delivery.stop()
        delivery.waitForAttempts(deadline: deadline + .seconds(onceDeliveryBudget))
        summary.deliveriesPending = delivery.pendingCount
        return summary
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
                    configurationPath: configurationPath, cities: plan.cities.map(\.city.name),
                    receivers: plan.configuration.receiverNames, interval: plan.interval,
                    nextPollAt: loop?.nextPollWall, cycleRunning: cycleRunning, state: state,
                    stateDirectory: plan.stateDirectory))
        }
    }

    /// Puts the given-up deliveries of the receivers `accepts` names back in the outbox.
    func requeueDead(accepts: @escaping (String) -> Bool) -> (count: Int, failures: [FileError]) {
        delivery.requeueDead(accepts: accepts)
    }
}
