import BreezeDelivery

/// The delivery worker as a service: started first, so the entries the last run left (a
/// crash, a `kill -9`) go out before anything new, and stopped last. The worker keeps its
/// state on its own queue; this holds nothing else.
final class DeliveryService: DaemonService {
    let name = "delivery worker"
    /// What the cycles, the digests and the pollen and UV alerts hand their entries to.
    let worker: DeliveryWorker

    init(worker: DeliveryWorker) {
        self.worker = worker
    }

    /// Reads the outbox and starts delivering.
    func start(_ plan: DaemonPlan) {
        worker.start()
    }

    /// Receivers removed by the reload keep their pending entries on disk; they go out if a
    /// receiver of that name comes back (see `DeliveryQueues`).
    func reload(_ plan: DaemonPlan) {
        worker.replaceTargets(plan.routing.targets)
    }

    /// No new attempt; running ones finish within their receiver's timeout (one cut short by
    /// the deadline stays in the outbox and is sent again on the next start).
    func stop() {
        worker.stop()
    }

    func whenStopped(_ stopped: @escaping @Sendable () -> Void) {
        worker.whenNoAttemptRuns(stopped)
    }
}
