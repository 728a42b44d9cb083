import BreezeConfig
import BreezeModel
import BreezeSystem
import BreezeVocabulary
import BreezeWeb
import BreezeWebListener
import Synchronization

/// breezed's HTTP side: a `WebListener` on `Listen=` (or on the sockets systemd passed)
/// serving `WebRoutes` from the `WebPublisher`'s latest snapshot, as a service of the daemon.
/// The listener in use is held under a lock (a start, reload or stop holds it throughout);
/// requests run on the listener's own threads.
///
/// A listener that cannot bind is logged as an error and polling goes on: alerts matter more
/// than the page, a busy port is not a configuration error (exit 78 would stop systemd from
/// restarting the service), and a reload tries to bind again.
final class DaemonWebListener: DaemonService {
    let name = "web listener"
    let publisher = WebPublisher()
    private let logger: any Logger
    private let sockets: [Int32]
    private let limits: WebListenerLimits
    private let messages: WebLogThrottle
    private let clock: @Sendable () -> ClockReading
    private let running = Mutex(Running())

    private struct Running {
        var listener: WebListener?
        /// The addresses `listener` was asked for (not meaningful with systemd's sockets).
        var listening: [ListenAddress] = []
    }

    init(logger: any Logger, sockets: [Int32], limits: WebListenerLimits = WebListenerLimits(), clock: @escaping @Sendable () -> ClockReading) {
        self.logger = logger
        self.sockets = sockets
        self.limits = limits
        messages = WebLogThrottle(logger: logger, clock: clock)
        self.clock = clock
    }

    /// Listens on systemd's sockets when it passed any, else on `settings.listen` (nothing
    /// when it is empty).
    func start(_ settings: WebSettings) {
        running.withLock { running in
            if !sockets.isEmpty {
                listen(sockets.map { .socket($0) }, describing: "\(Counted.text(sockets.count, "socket")) systemd passed", &running)
                return
            }
            bind(settings.listen, &running)
        }
    }

    /// Applies a reloaded `[Web]`: rebinds when `Listen=` changed or the last bind failed;
    /// systemd's sockets stay as they are (their addresses are breezed.socket's).
    func reload(_ settings: WebSettings) {
        running.withLock { running in
            if !sockets.isEmpty {
                if settings.listen != running.listening, running.listener != nil {
                    logger.log(LogRecord(.notice, "web: serving the sockets systemd passed; Listen= is used only without breezed.socket"))
                }
                return
            }
            guard settings.listen != running.listening || (running.listener == nil && !settings.listen.isEmpty) else { return }
            let previous = running.listening
            Self.close(&running)
            bind(settings.listen, &running)
            // A new address that cannot be bound: the old ones rather than none (not when the
            // reload turned the listener off).
            if running.listener == nil, !settings.listen.isEmpty, !previous.isEmpty {
                logger.log(LogRecord(.notice, "web: listening on the previous addresses again"))
                bind(previous, &running)
            }
        }
    }

    /// Closes the listener and its connections.
    func stop() {
        running.withLock { Self.close(&$0) }
    }

    private static func close(_ running: inout Running) {
        running.listener?.stop()
        running.listener = nil
        running.listening = []
    }

    private func bind(_ addresses: [ListenAddress], _ running: inout Running) {
        guard !addresses.isEmpty else {
            logger.log(LogRecord(.info, "web: not listening (Listen= is empty)"))
            return
        }
        if listen(addresses.map { .address(host: $0.host, port: $0.port) }, describing: addresses.map(\.description).joined(separator: " "), &running) {
            running.listening = addresses
        }
    }

    @discardableResult
    private func listen(_ endpoints: [ListenEndpoint], describing where: String, _ running: inout Running) -> Bool {
        let publisher = self.publisher
        let messages = self.messages
        let clock = self.clock
        do {
            running.listener = try WebListener(endpoints: endpoints, limits: limits, log: { messages.log($0) }) { _, path in
                publisher.page(path: path, servedAt: clock().wall) ?? .text("breezed is starting\n", status: 503)
            }
            logger.log(LogRecord(.info, "web: listening on \(`where`)", fields: [("BREEZE_LISTEN", `where`)]))
            return true
        } catch {
            logger.log(
                LogRecord(
                    .error, "web: not listening: \(error); polling and alerts go on",
                    fields: [("BREEZE_LISTEN", error.endpoint), ("BREEZE_ERROR", error.reason)]))
            return false
        }
    }
}

extension DaemonWebListener {
    func start(_ plan: DaemonPlan) { start(plan.configuration.web) }

    func reload(_ plan: DaemonPlan) { reload(plan.configuration.web) }

    /// At once: `stop` has closed the connections.
    func whenStopped(_ stopped: @escaping @Sendable () -> Void) { stopped() }
}
