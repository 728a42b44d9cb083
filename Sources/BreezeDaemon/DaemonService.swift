/// One long-running part of breezed — the poll loop, the delivery worker, the digest
/// schedule, the extras, the heartbeat, the web listener, the control socket — as
/// swift-service-lifecycle's `Service`, in Dispatch's terms: each call returns at once, and
/// the work a service starts runs on a queue it owns (or the daemon's control queue, when its
/// `///` says so). A `ServiceGroup` calls them in order.
protocol DaemonService: AnyObject, Sendable {
    /// What the group calls it (in tests, and among the services late to stop).
    var name: String { get }

    /// Starts with the daemon's first plan.
    func start(_ plan: DaemonPlan)

    /// Takes a reloaded plan in; every fallible step of the reload has passed already.
    func reload(_ plan: DaemonPlan)

    /// Takes no new work from now on (no new cycle, attempt, request or wake-up); work
    /// already running goes on. The deadline is the group's: it stops waiting for the service
    /// then (`ServiceGroup.whenStopped`).
    func stop()

    /// Calls `stopped` once, on any queue, when the work running at `stop` has finished: at
    /// once when none runs.
    func whenStopped(_ stopped: @escaping @Sendable () -> Void)
}
