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
    ///
    /// First Open-Meteo is asked when the cities' model domains last ran (`ModelRunTracker`,
    /// at most `ModelRunTracker.askTimeout` of the cycle's time): `kept` says whose forecast
    /// is asked for, and keeps those that come.
    static func poll(
        _ plan: DaemonPlan, state: inout DaemonState, kept: inout KeptForecasts, hours: inout [String: KeptHours],
        delivery: DeliveryWorker,
        _ environment: DaemonEnvironment, outboxFailures: FailureLatch, deadline: Deadline, pages: Bool,
        pageMemo: PolledPageMemo? = nil, grounds: @Sendable () -> [String: CityGround] = { [:] }
    ) -> CycleSummary {
        let now = environment.clock().wall
        let runsBefore = kept.runs
        let asking = Deadline(after: ModelRunTracker.askTimeout, from: environment.clock())
        // Requests to Open-Meteo too: counted in the cycle's with the polls'.
        var metaRequests: [String: Int] = [:]
        ModelRunTracker.update(
            &kept, cities: plan.cities, source: plan.source, logger: environment.logger, now: now,
            deadline: min(asking, deadline), requests: &metaRequests)
        var reduction = ForecastReduction(
            cities: plan.cities, configuration: plan.configuration, pages: pages,
            digestCities: Set(DigestReceiver.all(plan.configuration, routing: plan.routing).flatMap(\.cities)), now: now)
        reduction.pageMemo = pageMemo
        pageMemo?.keep(only: plan.cities.map(\.city.name))
        var summary = PollCycle.run(
            cities: plan.cities, state: &state, kept: &kept, hours: &hours, source: plan.source, logger: environment.logger,
            now: now, deadline: deadline, reduction: reduction, readingLog: plan.readingLog, grounds: grounds)
        if kept.runs != runsBefore { summary.keptForecastsChanged = true }
        summary.apiRequests.merge(metaRequests, uniquingKeysWith: +)
        environment.logger.log(
            LogRecord(
                .debug,
                "the forecast was asked for \(summary.forecastsAsked) of \(Counted.text(summary.cities, "city", "cities")), "
                    + "only the recent hours for \(summary.recentAsked)"))
        ForecastCycle.run(
            &summary, state: &state, configuration: plan.configuration, logger: environment.logger, now: now,
            reduction: reduction)
        OutboxHandOff.run(
            &summary, state: &state, routing: plan.routing, delivery: delivery, logger: environment.logger,
            failures: outboxFailures, now: now)
        state.lastCycleCompletedAt = max(now, environment.clock().wall)
        return summary
    }

    /// The kept forecasts in `directory`'s `forecast.json`; none (logged) when it does not read.
    static func openKeptForecasts(_ directory: String, environment: DaemonEnvironment) -> (KeptForecastStore, KeptForecasts) {
        let store = KeptForecastStore(stateDirectory: directory)
        return (store, readKeptForecasts(store, environment: environment))
    }

    /// What `store` holds; none (logged) when it does not read.
    static func readKeptForecasts(_ store: KeptForecastStore, environment: DaemonEnvironment) -> KeptForecasts {
        let (forecasts, problem) = store.load()
        if let problem {
            environment.logger.log(
                LogRecord(
                    .warning, "the kept forecasts could not be read; every city's forecast is asked for again",
                    fields: [("BREEZE_ERROR", problem)]))
        }
        return forecasts
    }

    /// Saves `forecasts` when `summary` changed them; a failure is logged (the forecast is only
    /// asked for again after a restart).
    static func saveKeptForecasts(
        _ forecasts: KeptForecasts, to store: KeptForecastStore, after summary: CycleSummary, environment: DaemonEnvironment
    ) {
        guard summary.keptForecastsChanged else { return }
        do {
            try store.save(forecasts)
        } catch {
            environment.logger.log(
                LogRecord(.error, "cannot save the kept forecasts: \(error)", fields: [("BREEZE_ERROR", error.description)]))
        }
    }

    /// The kept hours in `directory`'s `hours.bin`; none (logged once, naming the file) when
    /// it does not read: every city's whole window is asked for again.
    static func openKeptHours(_ directory: String, environment: DaemonEnvironment) -> (KeptHoursStore, [String: KeptHours]) {
        let store = KeptHoursStore(stateDirectory: directory)
        return (store, readKeptHours(store, environment: environment))
    }

    /// What `store` holds; none (logged) when it does not read.
    static func readKeptHours(_ store: KeptHoursStore, environment: DaemonEnvironment) -> [String: KeptHours] {
        let (hours, problem) = store.load()
        if let problem {
            environment.logger.log(
                LogRecord(
                    .warning, "the kept hours could not be read (\(problem)); every city's past hours are asked for again",
                    fields: [("BREEZE_ERROR", problem)]))
        }
        return hours
    }

    /// Saves `hours` when `summary` changed them; a failure is logged (the whole window is only
    /// asked for again after a restart).
    static func saveKeptHours(
        _ hours: [String: KeptHours], to store: KeptHoursStore, after summary: CycleSummary, environment: DaemonEnvironment
    ) {
        guard summary.keptHoursChanged else { return }
        do {
            try store.save(hours)
        } catch {
            environment.logger.log(
                LogRecord(.error, "cannot save the kept hours: \(error)", fields: [("BREEZE_ERROR", error.description)]))
        }
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
