#if canImport(Glibc)
import Glibc
import BreezeVocabulary
#endif

/// Why the control socket could not be set up or reached: a `FileError` on the socket's path.
extension FileError {
    /// Nothing listens there: no such socket, or a stale one.
    public var meansNotRunning: Bool { code == ENOENT || code == ECONNREFUSED }

    /// The daemon runs but took no connection in time: its queue of connections stayed full
    /// (`connect` gave up with EAGAIN). Asking again later may work.
    public var meansBusy: Bool { code == EAGAIN }
}

/// The few calls on AF_UNIX stream sockets the control socket needs.
enum UnixSocket {
    /// A `sockaddr_un` for `path`; the path must fit its 108 bytes.
    static func address(_ path: String) throws(FileError) -> sockaddr_un {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard !bytes.isEmpty, bytes.count < capacity, !bytes.contains(0) else {
            throw FileError(
                path: path, reason: "a socket path must be 1 to \(capacity - 1) bytes long, not \(bytes.count)")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: bytes)
        }
        return address
    }

    /// A new stream socket, close-on-exec.
    static func make(_ path: String, nonBlocking: Bool) throws(FileError) -> Int32 {
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
            | (nonBlocking ? Int32(SOCK_NONBLOCK.rawValue) : 0)
        let descriptor = socket(AF_UNIX, type, 0)
        guard descriptor >= 0 else { throw .last(path, what: "cannot create a socket") }
        return descriptor
    }

    static func connect(_ descriptor: Int32, to path: String) throws(FileError) {
        try withAddress(path, "cannot connect") { Glibc.connect(descriptor, $0, $1) }
    }

    static func bind(_ descriptor: Int32, to path: String) throws(FileError) {
        try withAddress(path, "cannot bind") { Glibc.bind(descriptor, $0, $1) }
    }

    /// Calls `call` (connect or bind) with `path`'s address; throws `failure` with `errno`
    /// when it does not return 0.
    private static func withAddress(
        _ path: String, _ failure: String, _ call: (UnsafePointer<sockaddr>, socklen_t) -> Int32
    ) throws(FileError) {
        var address = try address(path)
        let result = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                call($0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard result == 0 else { throw .last(path, what: failure) }
    }

    /// The user id of the process at the other end (`SO_PEERCRED`), nil when unknown.
    static func peerUser(_ descriptor: Int32) -> uid_t? {
        // struct ucred { pid_t pid; uid_t uid; gid_t gid; }
        var credentials: (Int32, UInt32, UInt32) = (0, 0, 0)
        var length = socklen_t(MemoryLayout.size(ofValue: credentials))
        guard getsockopt(descriptor, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0,
            Int(length) == MemoryLayout.size(ofValue: credentials)
        else { return nil }
        return credentials.1
    }

    /// Sets the send and receive timeouts of a blocking socket.
    static func setTimeouts(_ descriptor: Int32, seconds: Double) {
        var time = timeval(
            tv_sec: Int(seconds), tv_usec: Int((seconds - Double(Int(seconds))) * 1e6))
        let size = socklen_t(MemoryLayout<timeval>.size)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &time, size)
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &time, size)
    }
}
