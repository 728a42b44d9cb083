import CSystemd

#if canImport(Glibc)
import Glibc
#endif

/// systemd's socket activation (`breezed.socket`): the listening sockets passed to this process.
public enum SocketActivation {
    /// The listening stream sockets systemd passed (`LISTEN_FDS` for this process id), each
    /// close-on-exec; `LISTEN_PID`, `LISTEN_FDS` and `LISTEN_FDNAMES` are unset so no child
    /// takes them for its own. Call it once, early: a second call finds nothing.
    public static func listeningSockets() -> (stream: [Int32], other: [Int32]) {
        let count = sd_listen_fds(1)
        guard count > 0 else { return ([], []) }
        let descriptors = (0..<count).map { Int32(SD_LISTEN_FDS_START) + $0 }
        let stream = descriptors.filter { sd_is_socket($0, AF_UNSPEC, Int32(SOCK_STREAM.rawValue), 1) > 0 }
        return (stream, descriptors.filter { !stream.contains($0) })
    }
}
