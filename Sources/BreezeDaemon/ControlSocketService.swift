import BreezeAlerts
import BreezeControlSocket
import BreezeDelivery
import BreezeOutboxValues
import BreezeSystem
import Dispatch
import Synchronization

#if canImport(Glibc)
import Glibc
import BreezeState
import BreezeVocabulary
#endif

/// What the control socket reads of the daemon: one moment, taken on its control queue.
struct DaemonSnapshot: Sendable {
    var version: String
    var configurationPath: String
    var cities: [String]
    var receivers: [String]
    var interval: Double
    var nextPollAt: Instant?
    var cycleRunning: Bool
    var state: DaemonState
    var stateDirectory: String
    /// The extras whose last fetch failed, in configuration order.
    var extrasFailures: [ExtrasFailure] = []
}

/// The control socket (`ControlSocket=`) as a service of the daemon: status and the outbox to
/// anyone; poll, reload and retry to root and the service's user. Answers are built on a
/// queue of their own, never on the daemon's control or poll queues; the server and the
/// daemon it answers for are held under a lock.
final class ControlSocketService: DaemonService {
    let name = "control socket"
    private let logger: any Logger
    private let clock: @Sendable () -> ClockReading
    private let limits: ControlServer.Limits
    private let work = DispatchQueue(label: "breezed.control-socket.answers")
    private let held = Mutex(Held())

    private struct Held {
        /// Weak: the daemon holds its services.
        weak var daemon: Daemon?
        var server: ControlServer?
    }

    init(logger: any Logger, clock: @escaping @Sendable () -> ClockReading, limits: ControlServer.Limits = ControlServer.Limits()) {
        self.logger = logger
        self.clock = clock
        self.limits = limits
    }

    /// The daemon the answers are about; set once, before `start`.
    func answer(for daemon: Daemon) {
        held.withLock { $0.daemon = daemon }
    }

    /// Listens on `ControlSocket=`. A socket that cannot be set up is logged, not fatal:
    /// polling and alerts matter more, and `breezectl status` falls back to the state file.
    func start(_ plan: DaemonPlan) {
        let path = plan.configuration.breeze.controlSocket
        let server = ControlServer(path: path, limits: limits) { [weak self] request, reply in
            guard let self else { return reply(.failure("breezed is stopping")) }
            self.work.async { self.answer(request, reply: reply) }
        }
        do {
            try server.start()
            held.withLock { $0.server = server }
            logger.log(LogRecord(.info, "control socket: listening on \(path)", fields: [("BREEZE_SOCKET", path)]))
        } catch {
            logger.log(
                LogRecord(
                    .notice, "control socket: not listening (\(error)); breezectl reads the state file instead",
                    fields: [("BREEZE_SOCKET", path), ("BREEZE_ERROR", error.reason)]))
        }
    }

    /// Nothing: a new `ControlSocket=` takes a restart.
    func reload(_ plan: DaemonPlan) {}

    /// Closes the socket and removes it.
    func stop() {
        let server = held.withLock { held -> ControlServer? in
            defer { held.server = nil }
            return held.server
        }
        server?.stop()
    }

    /// At once: `stop` has closed the connections.
    func whenStopped(_ stopped: @escaping @Sendable () -> Void) { stopped() }

    private func answer(_ request: ControlRequest, reply: @escaping @Sendable (ControlResponse) -> Void) {
        dispatchPrecondition(condition: .onQueue(work))
        guard let kind = request.kind else { return reply(.failure("unknown request")) }
        guard let daemon = held.withLock({ $0.daemon }) else { return reply(.failure("breezed is stopping")) }
        switch kind {
        case .poll:
            daemon.pollNow()
            reply(ControlResponse(message: "polling every city now"))
        case .reload:
            daemon.reload()
            reply(ControlResponse(message: "reloading the configuration; the journal says how it went"))
        case .status, .outbox, .retry:
            let work = self.work
            daemon.snapshot { snapshot in
                work.async { reply(self.answer(kind, request, snapshot, daemon: daemon)) }
            }
        }
    }

    private func answer(_ kind: ControlRequestKind, _ request: ControlRequest, _ snapshot: DaemonSnapshot, daemon: Daemon)
        -> ControlResponse
    {
        dispatchPrecondition(condition: .onQueue(work))
        var response = ControlResponse()
        let outbox = Outbox(stateDirectory: snapshot.stateDirectory)
        switch kind {
        case .status:
            response.daemon = describe(snapshot)
            // What status shows, not the whole state: 100,000 cities' state is some 76 MB.
            response.state = snapshot.state.statusExcerpt
            response.deliveries = OutboxSummary(outbox.scan(), now: clock().wall)
            response.extrasFailures = snapshot.extrasFailures
        case .outbox:
            response.daemon = describe(snapshot)
            let pending = outbox.scan()
            let dead = outbox.scanDead()
            response.pending = pending.entries
            response.dead = dead.entries
            response.unreadable = pending.corrupt.map(\.path) + dead.unreadable
        case .retry:
            if let receiver = request.receiver, !snapshot.receivers.contains(receiver) {
                return .failure("no receiver named '\(receiver)' in \(snapshot.configurationPath)")
            }
            let configured = Set(snapshot.receivers)
            let result = daemon.requeueDead { name in
                configured.contains(name) && (request.receiver == nil || request.receiver == name)
            }
            for failure in result.failures {
                logger.log(LogRecord(.error, "cannot requeue a given-up delivery: \(failure)"))
            }
            logger.log(
                LogRecord(
                    .notice, "requeued \(result.count) given-up deliveries" + (request.receiver.map { " for \($0)" } ?? ""),
                    fields: [("BREEZE_REQUEUED", String(result.count))]))
            response.requeued = result.count
            response.message = "\(result.count) given-up \(result.count == 1 ? "delivery" : "deliveries") back in the outbox"
            if !result.failures.isEmpty {
                response.ok = false
                response.error = result.failures.map(\.description).joined(separator: "; ")
            }
        case .poll, .reload:
            break
        }
        return response
    }

    private func describe(_ snapshot: DaemonSnapshot) -> DaemonDescription {
        DaemonDescription(
            processID: getpid(), version: snapshot.version, configuration: snapshot.configurationPath,
            cities: snapshot.cities, pollIntervalSeconds: snapshot.interval, nextPollAt: snapshot.nextPollAt,
            cycleRunning: snapshot.cycleRunning)
    }
}
