import BreezeConfig
import Synchronization

/// The heartbeat as a service: pings `HeartbeatURL=` of the plan in force after each
/// completed cycle, through `HeartbeatSender` on the sender's own queue. Nothing after the
/// stop; a ping already running is not waited for (its own timeout bounds it).
final class HeartbeatService: DaemonService {
    let name = "heartbeat"
    /// Nil without a heartbeat transport: nothing is sent.
    private let sender: HeartbeatSender?
    /// `HeartbeatURL=` in force (nil: none), and whether the daemon stops.
    private let held = Mutex<(url: Secret?, stopped: Bool)>((nil, false))

    init(sender: HeartbeatSender?) {
        self.sender = sender
    }

    func start(_ plan: DaemonPlan) {
        held.withLock { $0.url = plan.configuration.breeze.heartbeatURL }
    }

    func reload(_ plan: DaemonPlan) {
        held.withLock { $0.url = plan.configuration.breeze.heartbeatURL }
    }

    func stop() {
        held.withLock { $0.stopped = true }
    }

    func whenStopped(_ stopped: @escaping @Sendable () -> Void) {
        stopped()
    }

    /// A cycle completed, with data for some city or none. Returns at once, whatever the
    /// monitor does.
    func cycleCompleted(gotData: Bool) {
        guard let sender, let url = held.withLock({ $0.stopped ? nil : $0.url }) else { return }
        sender.cycleCompleted(gotData: gotData, url: url)
    }
}
