import BreezeAlerts
import BreezeDelivery
import BreezeModel
import BreezeState
import BreezeSystem
import BreezeVocabulary
import BreezeWeb
import Dispatch

/// The poll loop as a service, with what it judges: the running plan, the alert state and its
/// file, the pollen and UV alerts, and the cycles' counters. A cycle runs on the poll queue
/// over a copy of the state and hands its result back; every property is touched on the
/// daemon's control queue alone (checked), where `Daemon` takes each step in the order
/// `DaemonPhase` gives.
final class PollService: DaemonService, @unchecked Sendable {
    typealias Polled = [String: (history: [HourlyAQI], forecast: [ForecastDayAQI])]

    let name = "poll loop"
    private let control: DispatchQueue
    private let work = DispatchQueue(label: "breezed.poll")
    private let environment: DaemonEnvironment
    private let delivery: DeliveryWorker
    private let store: StateStore
    private var current: DaemonPlan
    private var kept: DaemonState
    /// Each city's latest forecast and the model runs seen, as `forecast.json` holds them:
    /// handed to each cycle and back like the state, saved by the cycle when it changed them.
    private var forecasts: KeptForecasts
    private let forecastStore: KeptForecastStore
    /// Each city's recent hours, as `hours.bin` holds them: handed to each cycle and back like
    /// the forecasts, saved by the cycle when it changed them.
    private var hours: [String: KeptHours]
    private let hoursStore: KeptHoursStore
    /// Each city's status-page extras of the cycle before, taken again while its series stands.
    private let pageMemo = PolledPageMemo()
    private var loop: PollLoop?
    private var exposure = ExposureAlerts()
    /// Every city's `[Sensor]`s after the sensor service's latest round, by city name, read by
    /// a cycle once Open-Meteo has answered.
    private let grounds: @Sendable () -> [String: CityGround]
    private let outboxFailures = FailureLatch()
    private let stateFailures = FailureLatch()
    /// Cycles and requests counted since the start (reloads keep them).
    private var counted = DaemonCounters()
    /// The cycle the loop asked for, until it is complete.
    private var completion: PollLoop.CycleCompletion?
    /// The running cycle's result, once it has handed it back.
    private var result: (state: DaemonState, summary: CycleSummary, forecasts: KeptForecasts, hours: [String: KeptHours])?
    /// Whether a cycle runs on the poll queue now.
    private var running = false
    /// Whether a cycle has read the kept forecasts and hours (the first one does).
    private var keptFilesRead = false
    private var stopped = false
    /// Told when the running cycle has handed its result back (`whenStopped`).
    private var stopWaiters: [@Sendable () -> Void] = []

    /// Called on `control` when the loop asks for a cycle (`DaemonPhase.cycleDue`).
    var onCycleDue: (() -> Void)?

    init(
        control: DispatchQueue, plan: DaemonPlan, state: DaemonState, store: StateStore, delivery: DeliveryWorker,
        environment: DaemonEnvironment, grounds: @escaping @Sendable () -> [String: CityGround] = { [:] }
    ) {
        self.grounds = grounds
        self.control = control
        self.environment = environment
        self.delivery = delivery
        self.store = store
        current = plan
        kept = state
        // Read by the first cycle, on the poll queue: READY=1 does not wait for them (at
        // 10,000 cities `forecast.json` is some 29 MB, most of the start's time).
        forecastStore = KeptForecastStore(stateDirectory: plan.stateDirectory)
        forecasts = KeptForecasts()
        hoursStore = KeptHoursStore(stateDirectory: plan.stateDirectory)
        hours = [:]
    }

    /// The running plan.
    var plan: DaemonPlan {
        dispatchPrecondition(condition: .onQueue(control))
        return current
    }

    /// The alert state, as last kept.
    var state: DaemonState {
        dispatchPrecondition(condition: .onQueue(control))
        return kept
    }

    /// Cycles and Open-Meteo requests by result since the start.
    var counters: DaemonCounters {
        dispatchPrecondition(condition: .onQueue(control))
        return counted
    }

    /// When the next poll is due by the wall clock; nil before the start.
    var nextPollWall: Instant? {
        dispatchPrecondition(condition: .onQueue(control))
        return loop?.nextPollWall
    }

    /// Makes the loop for `plan` and arms its timer: the first cycle starts at once.
    func start(_ plan: DaemonPlan) {
        dispatchPrecondition(condition: .onQueue(control))
        let watchdog = ServiceNotifier.watchdogInterval(environment: environment.variables)
        let checkEvery = min(.seconds(60), watchdog.map { $0 / 2 } ?? .seconds(60))
        let notifier = environment.notifier
        let loop = PollLoop(
            queue: control, interval: Duration(seconds: plan.interval), jitter: Duration(seconds: plan.jitter),
            checkEvery: checkEvery, stallAfter: plan.cycleBudget + .seconds(30), clock: environment.clock,
            random: environment.random, heartbeat: { if watchdog != nil { notifier.watchdog() } },
            cycle: { [weak self] completed in self?.cycleDue(completed) })
        self.loop = loop
        loop.start()
    }

    /// Applies the plan; the loop takes the new interval and jitter.
    func reload(_ plan: DaemonPlan) {
        dispatchPrecondition(condition: .onQueue(control))
        let known = Set(current.cities.map(\.city.name))
        current = plan
        loop?.reschedule(interval: Duration(seconds: plan.interval), jitter: Duration(seconds: plan.jitter))
        // A city just added (`breezectl add`, then a reload) is polled now, not after up to an
        // interval of "not polled yet": one extra request per reload that adds one.
        if plan.cities.contains(where: { !known.contains($0.city.name) }) { loop?.pollNow() }
    }

    /// No new cycle, and no more pollen and UV judged; a running cycle finishes on its own.
    func stop() {
        dispatchPrecondition(condition: .onQueue(control))
        stopped = true
        loop?.stop()
    }

    /// `stopped` once the running cycle has handed its result back (at once when none runs).
    func whenStopped(_ stopped: @escaping @Sendable () -> Void) {
        control.async { [self] in
            guard running else { return stopped() }
            stopWaiters.append(stopped)
        }
    }

    /// Runs one cycle on the poll queue over a copy of the state; `finished` runs on `control`
    /// with the cycle's history and forecast for the pages (none when `pages` is false).
    func runCycle(pages: Bool, finished: @escaping @Sendable (Polled) -> Void) {
        dispatchPrecondition(condition: .onQueue(control))
        let plan = current
        let grounds = self.grounds
        nonisolated(unsafe) var snapshot = kept
        nonisolated(unsafe) var keptForecasts = forecasts
        let forecastStore = self.forecastStore
        nonisolated(unsafe) var keptHours = hours
        // Handed over, not shared: each city's window the cycle replaces is then freed as it
        // goes, not kept beside the new one until the result is adopted (every cycle's is).
        hours = [:]
        let hoursStore = self.hoursStore
        let readKeptFiles = !keptFilesRead
        keptFilesRead = true
        let environment = self.environment
        let (delivery, outboxFailures, pageMemo) = (self.delivery, self.outboxFailures, self.pageMemo)
        let started = environment.clock()
        let deadline = Deadline(after: plan.cycleBudget, from: started)
        running = true
        work.async { [self] in
            if readKeptFiles {
                keptForecasts = Daemon.readKeptForecasts(forecastStore, environment: environment)
                keptHours = Daemon.readKeptHours(hoursStore, environment: environment)
            }
            let summary = Daemon.poll(
                plan, state: &snapshot, kept: &keptForecasts, hours: &keptHours, delivery: delivery, environment,
                outboxFailures: outboxFailures, deadline: deadline, pages: pages, pageMemo: pageMemo, grounds: grounds)
            let seconds = environment.clock().monotonic - started.monotonic
            // Here, off the control queue: at 10,000 cities the file is some 40 MB.
            Daemon.saveKeptForecasts(keptForecasts, to: forecastStore, after: summary, environment: environment)
            Daemon.saveKeptHours(keptHours, to: hoursStore, after: summary, environment: environment)
            let result = snapshot
            let forecasts = keptForecasts
            let hours = keptHours
            // From the poll's own answer, no call: worked out whenever a page may read them.
            let polled = pages ? PolledExtras.byCity(summary.forecasts, configuration: plan.configuration) : [:]
            control.async { [self] in
                running = false
                counted.countCycle(summary.result, seconds: seconds)
                counted.countRequests(summary.apiRequests)
                self.result = (result, summary, forecasts, hours)
                finished(polled)
                let waiters = stopWaiters
                stopWaiters = []
                waiters.forEach { $0() }
            }
        }
    }

    /// Keeps the finished cycle's state, with the pollen and UV states judged meanwhile.
    func adoptCycleResult() {
        dispatchPrecondition(condition: .onQueue(control))
        guard var result else { return }
        ExposureAlerts.carryOver(from: kept, into: &result.state)
        kept = result.state
        forecasts = result.forecasts
        hours = result.hours
        kept.pollInterval = Duration(seconds: current.interval)
    }

    /// The finished cycle's summary and the loop's completion, handed over once; the cycle's
    /// snapshot and result are let go.
    func takeCompletedCycle() -> (summary: CycleSummary, completed: PollLoop.CycleCompletion)? {
        dispatchPrecondition(condition: .onQueue(control))
        guard let completed = completion, let summary = result?.summary else { return nil }
        completion = nil
        result = nil
        return (summary, completed)
    }

    /// A pollen-and-UV run's readings: the pollen and UV alerts judge them, the state is saved.
    func adoptPollen(_ readings: [String: PollenReading]) {
        dispatchPrecondition(condition: .onQueue(control))
        guard !stopped else { return }
        exposure.adopt(
            readings, configuration: current.configuration, state: &kept, routing: current.routing, delivery: delivery,
            logger: environment.logger, failures: outboxFailures, now: environment.clock().wall)
        persist()
    }

    /// Lets `change` alter the alert state (a digest marked written); returns what it returns.
    func changeState<Value>(_ change: (DaemonPlan, inout DaemonState) -> Value) -> Value {
        dispatchPrecondition(condition: .onQueue(control))
        return change(current, &kept)
    }

    /// Saves the state; a failure is logged once per condition.
    func persist() {
        dispatchPrecondition(condition: .onQueue(control))
        do {
            try store.save(kept)
            if stateFailures.succeeded() { environment.logger.log(LogRecord(.notice, "the state is saved again")) }
        } catch {
            // Once per condition: with the disk full this would otherwise repeat every cycle.
            guard stateFailures.failed(error.reason) else { return }
            environment.logger.log(
                LogRecord(.error, "cannot save the state: \(error)", fields: [("BREEZE_ERROR", error.description)]))
        }
    }

    /// Polls now (SIGUSR1).
    func pollNow() {
        dispatchPrecondition(condition: .onQueue(control))
        loop?.pollNow()
    }

    private func cycleDue(_ completed: PollLoop.CycleCompletion) {
        dispatchPrecondition(condition: .onQueue(control))
        completion = completed
        onCycleDue?()
    }
}
