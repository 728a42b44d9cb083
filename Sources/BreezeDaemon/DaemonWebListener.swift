import BreezeConfig
import BreezeModel
import BreezeSystem
import BreezeVocabulary
import BreezeWeb
import BreezeWebListener
import Synchronization

/// breezed's HTTP side: a `WebListener` on `Listen=` (or on the sockets systemd passed)
/// serving `WebRoutes` from the `WebPublisher`'s latest snapshot. Touched on the daemon's
/// control queue alone; requests run on the listener's own threads.
///
/// A listener that cannot bind is logged as an error and polling goes on: alerts matter more
/// than the page, a busy port is not a configuration error (exit 78 would stop systemd from
/// restarting the service), and a reload tries to bind again.
final class DaemonWebListener: @unchecked Sendable {
    let publisher = WebPublisher()
    private let logger: any Logger
    private let sockets: [Int32]
    private let limits: WebListenerLimits
    private let messages: WebLogThrottle
    private let clock: @Sendable () -> ClockReading
    private var listener: WebListener?
    /// The addresses `listener` was asked for (not meaningful with systemd's sockets).
    private var listening: [ListenAddress] = []

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
        if !sockets.isEmpty {
            listen(sockets.map { .socket($0) }, describing: "\(Counted.text(sockets.count, "socket")) systemd passed")
            return
        }
        bind(settings.listen)
    }

    /// Applies a reloaded `[Web]`: rebinds when `Listen=` changed or the last bind failed;
    /// systemd's sockets stay as they are (their addresses are breezed.socket's).
    func reload(_ settings: WebSettings) {
        if !sockets.isEmpty {
            if settings.listen != listening, listener != nil {
                logger.log(LogRecord(.notice, "web: serving the sockets systemd passed; Listen= is used only without breezed.socket"))
            }
            return
        }
        guard settings.listen != listening || (listener == nil && !settings.listen.isEmpty) else { return }
        let previous = listening
        stop()
        bind(settings.listen)
        // A new address that cannot be bound: the old ones rather than none (not when the
        // reload turned the listener off).
        if listener == nil, !settings.listen.isEmpty, !previous.isEmpty {
            logger.log(LogRecord(.notice, "web: listening on the previous addresses again"))
            bind(previous)
        }
    }

    /// Closes the listener and its connections.
    func stop() {
        listener?.stop()
        listener = nil
        listening = []
    }

    private func bind(_ addresses: [ListenAddress]) {
        guard !addresses.isEmpty else {
            logger.log(LogRecord(.info, "web: not listening (Listen= is empty)"))
            return
        }
        if listen(addresses.map { .address(host: $0.host, port: $0.port) }, describing: addresses.map(\.description).joined(separator: " ")) {
            listening = addresses
        }
    }

    @discardableResult
    private func listen(_ endpoints: [ListenEndpoint], describing where: String) -> Bool {
        let publisher = self.publisher
        let messages = self.messages
        let clock = self.clock
        do {
            listener = try WebListener(endpoints: endpoints, limits: limits, log: { messages.log($0) }) { _, path in
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
