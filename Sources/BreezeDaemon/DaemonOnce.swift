import BreezeConfig
import BreezeDelivery
import BreezeFiles
import BreezeModel
import BreezeState
import BreezeSystem
import BreezeVocabulary

extension Daemon {
    /// How long `breezed --once` spends delivering, in all, before it leaves what is left
    /// in the outbox for the daemon.
    public static let onceDeliveryBudget = Duration.seconds(30)

    /// One cycle and no timer (`breezed --once`): the state is opened, updated and saved as
    /// the long-running daemon would; the cycle's events are written to the outbox, and
    /// everything due in it is attempted once (failures stay for the daemon), within
    /// `onceDeliveryBudget` by the injected clock: waiting for the worker to go idle and for
    /// the attempts still running after that share the one deadline. An attempt cut short
    /// stays in the outbox.
    public static func runOnce(
        loaded: LoadedConfiguration, environment: DaemonEnvironment
    ) throws(FileError) -> CycleSummary {
        let plan = DaemonPlan(configuration: loaded.configuration, environment: environment)
        // Straight into the one variable: a second binding of the loaded state would make the
        // cycle's first change copy all its records.
        let store: StateStore
        var state: DaemonState
        (store, state) = try openState(plan.stateDirectory, environment: environment)
        let forecastStore: KeptForecastStore
        var forecasts: KeptForecasts
        (forecastStore, forecasts) = openKeptForecasts(plan.stateDirectory, environment: environment)
        let hoursStore: KeptHoursStore
        var hours: [String: KeptHours]
        (hoursStore, hours) = openKeptHours(plan.stateDirectory, environment: environment)
        let delivery = makeDelivery(plan, environment: environment)
        delivery.start()
        var summary = poll(
            plan, state: &state, kept: &forecasts, hours: &hours, delivery: delivery, environment, outboxFailures: FailureLatch(),
            deadline: Deadline(after: plan.cycleBudget, from: environment.clock()), pages: false)
        // A digest due now goes too (with the climate trends kept, no pollen fetch); it is
        // marked in the state saved next.
        DigestDriver.writeOnce(plan: plan, state: &state, summary: summary, delivery: delivery, environment)
        state.pollInterval = Duration(seconds: plan.interval)
        try store.save(state)
        saveKeptForecasts(forecasts, to: forecastStore, after: summary, environment: environment)
        saveKeptHours(hours, to: hoursStore, after: summary, environment: environment)
        if let url = plan.configuration.breeze.heartbeatURL, let transport = environment.heartbeatTransport {
            HeartbeatSender(transport: transport, logger: environment.logger)
                .send(summary.citiesWithData > 0 ? .success : .failure, url: url)
        }
        let deadline = Deadline(after: onceDeliveryBudget, from: environment.clock())
        let left = { max(.zero, deadline.remaining(at: environment.clock())) }
        delivery.waitUntilIdle(timeout: left())
        delivery.stop()
        delivery.waitForAttempts(timeout: left())
        summary.deliveriesPending = delivery.pendingCount
        return summary
    }
}
