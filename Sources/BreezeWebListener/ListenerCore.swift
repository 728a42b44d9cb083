import BreezeVocabulary
import CMicroHTTPD

#if canImport(Glibc)
import Glibc
#endif

/// What libmicrohttpd's threads call into: the handler, the deadlines and the log, behind
/// the C callbacks' context pointer. Lives from the first daemon's start to the last's stop.
final class ListenerCore: Sendable {
    let limits: WebListenerLimits
    let log: @Sendable (String) -> Void
    let handler: WebListener.Handler
    let deadlines: RequestDeadlines
    /// The callbacks libmicrohttpd holds; freed by `release` once every daemon has stopped.
    nonisolated(unsafe) private let callbacks: UnsafeMutablePointer<breeze_mhd_callbacks>

    init(limits: WebListenerLimits, log: @escaping @Sendable (String) -> Void, handler: @escaping WebListener.Handler) {
        self.limits = limits
        self.log = log
        self.handler = handler
        deadlines = RequestDeadlines(timeout: limits.requestTimeout)
        callbacks = .allocate(capacity: 1)
        callbacks.initialize(
            to: breeze_mhd_callbacks(
                context: nil, request: ListenerCore.request, connection: ListenerCore.connection, log: ListenerCore.message))
        // Retained until `release`: libmicrohttpd's threads reach the core only through this.
        callbacks.pointee.context = Unmanaged.passRetained(self).toOpaque()
    }

    /// Balances the retain of `init`, after the last daemon stopped.
    func release() {
        guard let context = callbacks.pointee.context else { return }
        callbacks.pointee.context = nil
        Unmanaged<ListenerCore>.fromOpaque(context).release()
    }

    deinit { callbacks.deallocate() }

    /// One libmicrohttpd daemon on `endpoint`.
    func start(_ endpoint: ListenEndpoint) throws(WebListenerError) -> OpaquePointer {
        var settings = breeze_mhd_settings(
            address: nil, ipv6: 0, listen_socket: -1, connection_limit: UInt32(clamping: limits.connections),
            per_address_limit: UInt32(clamping: limits.connectionsPerAddress),
            idle_timeout_seconds: UInt32(clamping: max(1, limits.idleTimeout.components.seconds)),
            memory_limit: max(4096, limits.memoryPerConnection), listen_backlog: UInt32(clamping: max(1, limits.backlog)))
        errno = 0
        let daemon: OpaquePointer?
        switch endpoint {
        case .socket(let descriptor):
            settings.listen_socket = descriptor
            daemon = breeze_mhd_start(&settings, callbacks)
        case .address:
            guard let address = endpoint.socketAddress() else {
                throw WebListenerError(endpoint: endpoint.description, reason: "not a numeric IPv4 or IPv6 address")
            }
            settings.ipv6 = address.isIPv6 ? 1 : 0
            daemon = address.withPointer { pointer in
                settings.address = pointer
                return breeze_mhd_start(&settings, callbacks)
            }
        }
        guard let daemon else {
            let reason = errno == 0 ? "libmicrohttpd could not start" : String(cString: strerror(errno))
            throw WebListenerError(endpoint: endpoint.description, reason: reason)
        }
        return daemon
    }

    private static func core(_ context: UnsafeMutableRawPointer?) -> ListenerCore? {
        context.map { Unmanaged<ListenerCore>.fromOpaque($0).takeUnretainedValue() }
    }

    private static let request: @convention(c) (
        UnsafeMutableRawPointer?, OpaquePointer?, Int32, UnsafePointer<CChar>?, UnsafePointer<CChar>?
    ) -> Int32 = { context, connection, socket, method, path in
        guard let core = core(context), let connection, let method, let path else { return 0 }
        return core.answer(connection, socket: socket, method: String(cString: method), path: String(cString: path))
    }

    private static let connection: @convention(c) (UnsafeMutableRawPointer?, Int32, Int32) -> Void = {
        context, socket, opened in
        guard let core = core(context) else { return }
        if opened != 0 { core.deadlines.renew(socket) } else { core.deadlines.closed(socket) }
    }

    private static let message: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?) -> Void = {
        context, text in
        guard let core = core(context), let text else { return }
        var line = String(cString: text)
        while line.last == "\n" { line.removeLast() }
        core.log(line)
    }

    private func answer(_ connection: OpaquePointer, socket: Int32, method: String, path: String) -> Int32 {
        let response: WebResponse
        var headers = WebResponse.fixedHeaders
        if method == "GET" || method == "HEAD" {
            response = handler(method, path)
        } else {
            response = WebResponse.methodNotAllowed
            headers.append(("Allow", "GET, HEAD"))
        }
        headers.append(("Content-Type", response.contentType))
        if socket >= 0 { deadlines.renew(socket) }
        let status = UInt32(clamping: (100...599).contains(response.status) ? response.status : 500)
        return Self.withCStrings(headers.flatMap { [$0.name, $0.value] }) { list in
            response.body.withUnsafeBytes { body in
                breeze_mhd_answer(connection, status, list, body.baseAddress, body.count)
            }
        }
    }

    /// Calls `body` with `strings` as a NULL-terminated array of C strings.
    private static func withCStrings<Result>(
        _ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> Result
    ) -> Result {
        let copies = strings.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        let pointers = copies.map { UnsafePointer($0) } + [nil]
        return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}
