import BreezeAlerts
import BreezeConfig
import BreezeDelivery
import BreezeFiles
import BreezeModel
import BreezeState
import BreezeSystem
import BreezeVocabulary

/// What the long-running daemon and `breezed --once` share: the delivery worker, one poll
/// cycle with its outbox hand-off, and opening the state.
extension Daemon {
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
    ///
    /// Each city's hourly series is reduced as soon as its batch is read to what the steps
    /// after read of it (`ForecastReduction`): the page's extras only with `pages`, the series
    /// itself only for the cities a digest lists.
    static func poll(
        _ plan: DaemonPlan, state: inout DaemonState, delivery: DeliveryWorker, _ environment: DaemonEnvironment,
        outboxFailures: FailureLatch, deadline: Deadline, pages: Bool,
        grounds: @Sendable () -> [String: CityGround] = { [:] }
    ) -> CycleSummary {
        let now = environment.clock().wall
        let reduction = ForecastReduction(
            cities: plan.cities, configuration: plan.configuration, pages: pages,
            digestCities: Set(DigestReceiver.all(plan.configuration, routing: plan.routing).flatMap(\.cities)), now: now)
        var summary = PollCycle.run(
            cities: plan.cities, state: &state, source: plan.source, logger: environment.logger,
            now: now, deadline: deadline, reduction: reduction, readingLog: plan.readingLog, grounds: grounds)
        ForecastCycle.run(
            &summary, state: &state, configuration: plan.configuration, logger: environment.logger, now: now,
            reduction: reduction)
        OutboxHandOff.run(
            &summary, state: &state, routing: plan.routing, delivery: delivery, logger: environment.logger,
            failures: outboxFailures, now: now)
        state.lastCycleCompletedAt = max(now, environment.clock().wall)
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
