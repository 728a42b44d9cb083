import BreezeVocabulary
import Dispatch

#if canImport(Glibc)
import Glibc
#endif

/// The daemon's end of the control socket: a Unix stream socket that anyone may connect to,
/// served on its own queue (its state is touched there alone, checked) so no client can hold
/// up polling. Each connection carries one request line (or the bytes sent before the client
/// shut its side) and gets one answer line; privileged requests are answered only for the
/// users `isPrivileged` accepts (by `SO_PEERCRED`). Bounded by `Limits`: a client that sends
/// nothing, too much or reads nothing is cut off, and never delays another; connections are
/// shared out by `ConnectionSlots`, so no ordinary user can take those root needs.
public final class ControlServer: @unchecked Sendable {
    /// The bounds on what clients may take.
    public struct Limits: Sendable {
        /// The longest request line, newline included.
        public var requestBytes = 4096
        /// Connections served at once; one more is told "busy" and closed.
        public var connections = 16
        /// Of `connections`, those only privileged users (root, breezed's own user) may take:
        /// every other user together holds at most `connections - reservedForPrivileged`.
        public var reservedForPrivileged = 4
        /// Connections one unprivileged user (one uid) may hold at once.
        public var connectionsPerUser = 4
        /// How long a client may take to send its request (from accept, however it trickles
        /// in), and again to read the answer (from when it is ready): the time the answer
        /// takes to make is not counted.
        public var connectionSeconds = 5.0

        public init(
            requestBytes: Int = 4096, connections: Int = 16, reservedForPrivileged: Int = 4, connectionsPerUser: Int = 4,
            connectionSeconds: Double = 5
        ) {
            self.requestBytes = requestBytes
            self.connections = connections
            self.reservedForPrivileged = reservedForPrivileged
            self.connectionsPerUser = connectionsPerUser
            self.connectionSeconds = connectionSeconds
        }
    }

    /// Answers one request; may call `reply` later, from any queue, exactly once.
    public typealias Handler = @Sendable (ControlRequest, _ reply: @escaping @Sendable (ControlResponse) -> Void) -> Void

    public let path: String
    let limits: Limits
    let isPrivileged: @Sendable (uid_t) -> Bool
    let handler: Handler
    let queue = DispatchQueue(label: "breezed.control-socket")
    /// The connections' deadline timers.
    let wakeUps: any WakeUpTimers
    private var listener: Int32 = -1
    private var source: (any DispatchSourceRead)?
    private var connections: [ObjectIdentifier: ControlConnection] = [:]
    private var slots: ConnectionSlots
    private var paused = false

    /// Root and the user the daemon runs as (under `DynamicUser=`, the service's user).
    public static let rootOrSelf: @Sendable (uid_t) -> Bool = { user in user == 0 || user == geteuid() }

    public init(
        path: String, limits: Limits = Limits(), isPrivileged: @escaping @Sendable (uid_t) -> Bool = rootOrSelf,
        wakeUps: any WakeUpTimers = DispatchWakeUpTimers(), handler: @escaping Handler
    ) {
        self.path = path
        self.wakeUps = wakeUps
        self.limits = limits
        self.slots = ConnectionSlots(limits: limits)
        self.isPrivileged = isPrivileged
        self.handler = handler
    }

    /// Binds the socket (replacing a stale one nobody answers on; refusing when another
    /// daemon answers there), makes it connectable by everyone (0666) and starts serving.
    public func start() throws(FileError) {
        try removeStaleSocket()
        let descriptor = try UnixSocket.make(path, nonBlocking: true)
        do throws(FileError) {
            try UnixSocket.bind(descriptor, to: path)
            // Under UMask=0077 the socket is born 0600: only the service user could connect.
            guard chmod(path, 0o666) == 0 else { throw .last(path, what: "cannot make the socket connectable") }
            guard listen(descriptor, 16) == 0 else { throw .last(path, what: "cannot listen") }
        } catch {
            close(descriptor)
            throw error
        }
        queue.sync {
            listener = descriptor
            let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
            source.setEventHandler { [weak self] in self?.acceptAll() }
            source.setCancelHandler { close(descriptor) }
            source.resume()
            self.source = source
        }
    }

    /// Stops listening, closes every connection and removes the socket.
    public func stop() {
        queue.sync {
            guard let source else { return }
            // A suspended source runs its cancel handler (which closes) only once resumed.
            if paused {
                paused = false
                source.resume()
            }
            source.cancel()
            self.source = nil
            for connection in connections.values { connection.finish() }
            unlink(path)
        }
    }

    /// Connections open now.
    public var connectionCount: Int { queue.sync { connections.count } }

    private func removeStaleSocket() throws(FileError) {
        var status = stat()
        guard lstat(path, &status) == 0 else { return }
        guard (status.st_mode & S_IFMT) == S_IFSOCK else {
            throw FileError(path: path, reason: "exists and is not a socket")
        }
        let probe = try UnixSocket.make(path, nonBlocking: false)
        defer { close(probe) }
        do {
            try UnixSocket.connect(probe, to: path)
        } catch {
            unlink(path)
            return
        }
        throw FileError(path: path, reason: "another breezed answers on it", code: EADDRINUSE)
    }

    private func acceptAll() {
        dispatchPrecondition(condition: .onQueue(queue))
        while true {
            let client = accept(listener, nil, nil)
            if client < 0 {
                if errno == EINTR || errno == ECONNABORTED { continue }
                if errno == EMFILE || errno == ENFILE { pauseAccepting() }
                return
            }
            // (Glibc's module has no accept4.) Nothing runs a program between these calls.
            _ = fcntl(client, F_SETFD, FD_CLOEXEC)
            _ = fcntl(client, F_SETFL, fcntl(client, F_GETFL) | O_NONBLOCK)
            let user = UnixSocket.peerUser(client)
            let privileged = user.map(isPrivileged) ?? false
            if let refusal = slots.take(user: user, privileged: privileged) {
                // Answered at once, the request unread: a refused client costs one send.
                let busy = (try? ControlLine.encode(ControlResponse.busy(refusal))) ?? []
                _ = busy.withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                close(client)
                continue
            }
            let connection = ControlConnection(descriptor: client, peer: user, server: self, queue: queue, wakeUps: wakeUps)
            let key = ObjectIdentifier(connection)
            connections[key] = connection
            connection.onFinish = { [weak self] in
                self?.connections[key] = nil
                self?.slots.release(user: user, privileged: privileged)
            }
            connection.start(deadline: limits.connectionSeconds)
        }
    }

    /// Out of descriptors: a level-triggered source would spin, so look again in a moment.
    private func pauseAccepting() {
        dispatchPrecondition(condition: .onQueue(queue))
        guard let source, !paused else { return }
        paused = true
        source.suspend()
        queue.asyncAfter(deadline: .now() + .milliseconds(200)) { [weak self] in
            guard let self, self.paused else { return }
            self.paused = false
            self.source?.resume()
        }
    }

    /// What to answer `line` from a user (nil when unknown); calls `reply` on `queue`.
    func answer(_ line: [UInt8], from user: uid_t?, reply: @escaping @Sendable (ControlResponse) -> Void) {
        dispatchPrecondition(condition: .onQueue(queue))
        let request: ControlRequest
        do {
            request = try ControlRequestReader.read(line)
        } catch {
            return reply(.failure("not a request (\(error)): expected one JSON object such as {\"request\":\"status\"}"))
        }
        guard let kind = request.kind else {
            let known = ControlRequestKind.allCases.map(\.rawValue).joined(separator: ", ")
            return reply(.failure("unknown request '\(request.request.prefix(64))' (known: \(known))"))
        }
        if kind.isPrivileged, !(user.map(isPrivileged) ?? false) {
            return reply(
                .failure(
                    "permission denied: '\(kind.rawValue)' is for root or breezed's own user"
                        + (user.map { " (you are uid \($0))" } ?? "")))
        }
        let queue = self.queue
        handler(request) { response in queue.async { reply(response) } }
    }
}
