import BreezeAlerts
import BreezeDelivery
import BreezeModel
import BreezeState
import BreezeSystem
import BreezeVocabulary
import Dispatch

/// The digest schedule as a service: writes the daily digests to the outbox when due
/// (`DigestSchedule`), and wakes the daemon for the next one with its own timer on the control
/// queue, so a digest at 07:30 goes at 07:30 whatever the poll interval. Every property is
/// touched on the daemon's control queue alone (checked): it changes the alert state there.
///
/// A digest is marked written (`DaemonState.digestsSent`) only once its entries are in the
/// outbox, and the daemon saves the state at once (`run` says when): a crash in between
/// writes it again under the same id — at least once, never a second day's twice.
final class DigestDriver: DaemonService, @unchecked Sendable {
    let name = "digest schedule"
    private let control: DispatchQueue
    private let timer: any DispatchSourceTimer
    private let clock: @Sendable () -> ClockReading
    private let failures = FailureLatch()
    /// The last cycle's hourly series, by city name (a city missing from a cycle keeps its last).
    private var forecasts: [String: ForecastSeries] = [:]
    /// Whether a cycle completed since the start: digests wait for a first reading.
    private var ready = false
    /// After a failed write, when to try again (not at once: the disk is full).
    private var retryAt: Instant?
    /// After the first cycle, until when a digest waits for the first pollen and climate
    /// fetch (it starts once the cycle is complete); nil once they came, or without them.
    private var extrasAwaitedUntil: Instant?
    private var stopped = false
    /// Called on `control` when the timer fires.
    var onWake: (() -> Void)?

    /// The longest the timer sleeps: the wall clock may be set meanwhile (the timer runs on
    /// the monotonic one), so it looks again at least this often.
    static let longestSleep = Duration.seconds(3600)
    /// The wait after a digest could not be written.
    static let retryAfterFailure = Duration.seconds(60)
    /// The longest a digest due at the start waits for the first pollen and climate fetch.
    static let extrasWait = Duration.seconds(60)

    init(control: DispatchQueue, clock: @escaping @Sendable () -> ClockReading) {
        self.control = control
        self.clock = clock
        timer = DispatchSource.makeTimerSource(queue: control)
        timer.setEventHandler { [weak self] in self?.onWake?() }
        timer.schedule(deadline: .distantFuture)
        timer.resume()
    }

    /// On `control`, after each cycle: keeps its series for the digests' forecast peaks, of
    /// the cities some digest of `plan` lists alone (none without a digest: the series are the
    /// largest thing a cycle makes, and kept from cycle to cycle they would hold the heap up).
    func cycleCompleted(forecasts: [String: ForecastSeries], plan: DaemonPlan) {
        dispatchPrecondition(condition: .onQueue(control))
        if !ready, plan.extrasSource != nil { extrasAwaitedUntil = clock().wall + Self.extrasWait }
        ready = true
        let listed = Set(DigestReceiver.all(plan.configuration, routing: plan.routing).flatMap(\.cities))
        guard !listed.isEmpty else {
            self.forecasts = [:]
            return
        }
        for (name, series) in forecasts where listed.contains(name) { self.forecasts[name] = series }
        if self.forecasts.keys.contains(where: { !listed.contains($0) }) { self.forecasts = self.forecasts.filter { listed.contains($0.key) } }
    }

    /// On `control`: writes every digest due now for `plan` (updating `state.digestsSent`),
    /// then arms the timer for the next. Returns whether the state changed (save it now).
    func run(
        plan: DaemonPlan, state: inout DaemonState, extras: [String: CityExtras], delivery: DeliveryWorker,
        logger: any Logger
    ) -> Bool {
        dispatchPrecondition(condition: .onQueue(control))
        guard !stopped else { return false }
        let now = clock().wall
        let receivers = DigestReceiver.all(plan.configuration, routing: plan.routing)
        var changed = false
        if extrasAwaitedUntil.map({ now >= $0 }) ?? false { extrasAwaitedUntil = nil }
        if ready, extrasAwaitedUntil == nil, retryAt.map({ now >= $0 }) ?? true {
            retryAt = nil
            let outcome = Self.writeDue(
                receivers, plan: plan, state: &state, forecasts: forecasts, extras: extras, delivery: delivery,
                logger: logger, failures: failures, now: now)
            changed = outcome.written
            if outcome.failed { retryAt = now + Self.retryAfterFailure }
        }
        arm(receivers, sent: state.digestsSent, now: now)
        return changed
    }

    /// Writes every digest due at `now` to the outbox, marking each written in
    /// `state.digestsSent` and logging it; `breezed --once` calls it after its cycle. Says
    /// whether one was written (save the state now) and whether one could not be.
    static func writeDue(
        _ receivers: [DigestReceiver], plan: DaemonPlan, state: inout DaemonState, forecasts: [String: ForecastSeries],
        extras: [String: CityExtras], delivery: DeliveryWorker, logger: any Logger, failures: FailureLatch, now: Instant
    ) -> (written: Bool, failed: Bool) {
        let due = DigestSchedule.due(receivers, sent: state.digestsSent, now: now)
        guard !due.isEmpty else { return (false, false) }
        let sources = DigestContent.Sources(
            cities: plan.cities, configuration: plan.configuration, state: state, forecasts: forecasts, extras: extras)
        return write(due, sources: sources, state: &state, delivery: delivery, logger: logger, failures: failures, now: now)
    }

    /// On `control`, when pollen, UV or climate trends came: a digest waiting for them may go.
    func extrasArrived() {
        dispatchPrecondition(condition: .onQueue(control))
        extrasAwaitedUntil = nil
    }

    /// Nothing to start: the first completed cycle arms the timer (`run`).
    func start(_ plan: DaemonPlan) {}

    /// Nothing to take in: the daemon runs the digests due after a reload (`run`), which arms
    /// the timer for the reloaded times.
    func reload(_ plan: DaemonPlan) {}

    /// At once: a digest is written on the control queue, never left running.
    func whenStopped(_ stopped: @escaping @Sendable () -> Void) { stopped() }

    /// No more wake-ups (the daemon stops).
    func stop() {
        dispatchPrecondition(condition: .onQueue(control))
        stopped = true
        timer.cancel()
    }

    private static func write(
        _ due: [DigestSchedule.Due], sources: DigestContent.Sources, state: inout DaemonState,
        delivery: DeliveryWorker, logger: any Logger, failures: FailureLatch, now: Instant
    ) -> (written: Bool, failed: Bool) {
        var made: [String: DigestCity] = [:]
        let events = due.map { due in
            Self.event(DigestContent.details(for: due.receiver, day: due.day, from: sources, now: now, made: &made), now: now)
        }
        let requests = zip(due, events).map { DeliveryRequest(event: $1, receiver: $0.receiver.name) }
        let failed = delivery.submit(requests)
        let failedReceivers = Set(failed.map(\.request.receiver))
        for (entry, event) in zip(due, events) where !failedReceivers.contains(entry.receiver.name) {
            state.digestsSent[entry.receiver.name] = entry.day.description
            logger.log(DaemonRecords.digest(event))
        }
        if let first = failed.first {
            if failures.failed(first.error.reason) {
                let message = "cannot write the daily digest for \(first.request.receiver): \(first.error); "
                    + "tried again every \(DurationText.prose(Self.retryAfterFailure)) while the day lasts"
                logger.log(DeliveryRecords.record(.storageFailed(message)))
            }
        } else if failures.succeeded() {
            logger.log(LogRecord(.notice, "outbox: writable again; the daily digests are written"))
        }
        return (failed.count < due.count, !failed.isEmpty)
    }

    /// The digest as the one event the outbox carries: `digest-<receiver>-<day>`, about no
    /// city of its own (a placeholder with an empty name, so no city's episode folds it away).
    static func event(_ digest: DigestDetails, now: Instant) -> AlertEvent {
        var event = AlertEvent(
            id: EventIdentifier.digest(receiver: digest.receiver, day: digest.day), kind: .digest,
            city: City(name: "", latitude: 0, longitude: 0), aqi: nil, band: nil, previousBand: nil,
            dominantPollutant: nil, concentrations: [:], pollutantsOverLimit: [], observedAt: ObservationTime(now),
            createdAt: now)
        event.digest = digest
        return event
    }

    private func arm(_ receivers: [DigestReceiver], sent: [String: String], now: Instant) {
        guard let next = DigestSchedule.next(receivers, sent: sent, now: now) else {
            timer.schedule(deadline: .distantFuture)
            return
        }
        var wait = max(0, next.unixSeconds - now.unixSeconds)
        if let retryAt { wait = max(wait, retryAt.unixSeconds - now.unixSeconds) }
        if let extrasAwaitedUntil { wait = max(wait, extrasAwaitedUntil.unixSeconds - now.unixSeconds) }
        // Not before the first cycle: it runs at the start and calls `run` when it completes.
        if !ready { wait = max(wait, Self.longestSleep.seconds) }
        // A second late rather than early: the wall clock then reads the minute reached.
        let seconds = min(wait + 0.5, Self.longestSleep.seconds)
        timer.schedule(deadline: .now() + seconds)
    }
}

extension DigestDriver {
    /// `breezed --once`: the digests due after its one cycle, from its readings and forecast
    /// and the climate trends cached in the state folder (pollen is not fetched by `--once`).
    static func writeOnce(
        plan: DaemonPlan, state: inout DaemonState, summary: CycleSummary, delivery: DeliveryWorker,
        _ environment: DaemonEnvironment
    ) {
        let receivers = DigestReceiver.all(plan.configuration, routing: plan.routing)
        guard !receivers.isEmpty else { return }
        let climate = ClimateTrendCache(stateDirectory: plan.stateDirectory).load().entries
        _ = writeDue(
            receivers, plan: plan, state: &state, forecasts: summary.forecasts.compactMapValues(\.series),
            extras: climate.mapValues { CityExtras(climate: $0) }, delivery: delivery, logger: environment.logger,
            failures: FailureLatch(), now: environment.clock().wall)
    }
}
