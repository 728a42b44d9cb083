import BreezeVocabulary
import CMicroHTTPD
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// An HTTP listener over libmicrohttpd on one or more endpoints, each served by
/// libmicrohttpd's own polling thread (epoll), so nothing its clients do runs on the
/// caller's threads. It answers GET and HEAD from `handler` (HEAD without the body, as
/// libmicrohttpd sends it) and every other method with 405; it knows no pages.
///
/// `handler` is called on libmicrohttpd's threads with the method and the request target's
/// path: without the query, its percent-encoding untouched (no file is ever opened from it).
public final class WebListener: Sendable {
    /// Answers one GET or HEAD request: `(method, path) -> response`.
    public typealias Handler = @Sendable (_ method: String, _ path: String) -> WebResponse

    private let core: ListenerCore
    private let daemons: Mutex<[RunningDaemon]>
    /// The endpoints as they listen, in the order given (a port of 0 replaced by the bound one).
    public let endpoints: [ListenEndpoint]

    /// Listens on every one of `endpoints`; throws, listening on none, when one cannot be used.
    public init(
        endpoints: [ListenEndpoint], limits: WebListenerLimits = WebListenerLimits(),
        log: @escaping @Sendable (String) -> Void = { _ in }, handler: @escaping Handler
    ) throws(WebListenerError) {
        guard !endpoints.isEmpty else { throw WebListenerError(endpoint: "(none)", reason: "no endpoint to listen on") }
        core = ListenerCore(limits: limits, log: log, handler: handler)
        var started: [OpaquePointer] = []
        var bound: [ListenEndpoint] = []
        for endpoint in endpoints {
            do throws(WebListenerError) {
                let daemon = try core.start(endpoint)
                started.append(daemon)
                bound.append(Self.bound(endpoint, daemon: daemon))
            } catch {
                started.forEach { MHD_stop_daemon($0) }
                core.release()
                throw error
            }
        }
        self.endpoints = bound
        daemons = Mutex(started.map(RunningDaemon.init))
    }

    deinit { stop() }

    /// Stops listening and closes every connection (and the sockets it was handed). Waits for
    /// the polling threads to end; safe to call more than once.
    public func stop() {
        let running = daemons.withLock { daemons -> [RunningDaemon] in
            defer { daemons = [] }
            return daemons
        }
        guard !running.isEmpty else { return }
        core.deadlines.stop()
        running.forEach { MHD_stop_daemon($0.pointer) }
        core.release()
    }

    /// Connections the request timeout has cut off since the start.
    public var connectionsCutOff: Int { core.deadlines.connectionsCutOff }

    /// `endpoint`, its port the one the kernel chose when it asked for port 0.
    private static func bound(_ endpoint: ListenEndpoint, daemon: OpaquePointer) -> ListenEndpoint {
        guard case .address(let host, 0) = endpoint else { return endpoint }
        let socket = breeze_mhd_listen_socket(daemon)
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let found = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        guard found == 0 else { return endpoint }
        let family = storage.ss_family
        let port = withUnsafePointer(to: &storage) { pointer -> UInt16 in
            if family == sa_family_t(AF_INET6) {
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin6_port) }
            }
            return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) }
        }
        return .address(host: host, port: port)
    }
}

/// One libmicrohttpd daemon; libmicrohttpd's calls on it are thread-safe.
private struct RunningDaemon: @unchecked Sendable {
    let pointer: OpaquePointer
}

/// Why a listener could not start: the endpoint and the system's reason.
public struct WebListenerError: Error, Sendable, CustomStringConvertible {
    public var endpoint: String
    public var reason: String

    public var description: String { "cannot listen on \(endpoint): \(reason)" }
}
