import BreezeState
import BreezeSystem
import Dispatch

/// The daemon's services, each by its part, and the group that orders them: the delivery
/// worker first (the last run's entries go out before anything new), then the heartbeat, the
/// web listener, the extras, the sensors, the poll loop and its digest schedule, and the
/// control socket last. Stopped in reverse, that is `DaemonPhase`'s order: the control socket,
/// the digests and the poll loop; then the sensors, the extras and the listener; then the
/// heartbeat and the worker.
struct DaemonServices: Sendable {
    let delivery: DeliveryService
    let heartbeat: HeartbeatService
    let web: DaemonWebListener
    let extras: ExtrasFetcher
    let sensors: SensorService
    let poll: PollService
    let digests: DigestDriver
    /// Nil unless `DaemonEnvironment.servesControlSocket`.
    let controlSocket: ControlSocketService?
    let group: ServiceGroup

    /// Every service of `plan`, none started; the poll service keeps `state`, saved through `store`.
    init(
        plan: DaemonPlan, state: DaemonState, store: StateStore, control: DispatchQueue, environment: DaemonEnvironment
    ) {
        delivery = DeliveryService(worker: Daemon.makeDelivery(plan, environment: environment))
        heartbeat = HeartbeatService(
            sender: environment.heartbeatTransport.map { HeartbeatSender(transport: $0, logger: environment.logger) })
        web = DaemonWebListener(logger: environment.logger, sockets: environment.listenSockets, clock: environment.clock)
        extras = ExtrasFetcher(
            control: control, stateDirectory: plan.stateDirectory, logger: environment.logger, clock: environment.clock)
        sensors = SensorService(
            client: environment.sensorClient, wakeUps: environment.sensorWakeUps,
            logger: environment.logger, clock: environment.clock)
        poll = PollService(
            control: control, plan: plan, state: state, store: store, delivery: delivery.worker, environment: environment,
            grounds: { [sensors] in sensors.grounds() })
        digests = DigestDriver(control: control, clock: environment.clock)
        controlSocket =
            environment.servesControlSocket
            ? ControlSocketService(logger: environment.logger, clock: environment.clock) : nil
        let ordered: [(any DaemonService)?] = [delivery, heartbeat, web, extras, sensors, poll, digests, controlSocket]
        group = ServiceGroup(ordered.compactMap { $0 }, clock: environment.clock)
    }
}
