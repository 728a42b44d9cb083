#if canImport(Glibc)
import Glibc
#endif

/// Where a listener accepts connections: a numeric address and port to bind, or a socket
/// already listening (handed over by systemd's socket activation).
public enum ListenEndpoint: Sendable, Equatable, CustomStringConvertible {
    /// An IPv4 (`127.0.0.1`) or IPv6 (`::1`, without brackets) address, never a host name.
    case address(host: String, port: UInt16)
    /// A listening stream socket, owned by the listener from then on (closed when it stops).
    case socket(Int32)

    /// `127.0.0.1:8247`, `[::1]:8247`, or `socket 3`.
    public var description: String {
        switch self {
        case .address(let host, let port): host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        case .socket(let descriptor): "socket \(descriptor)"
        }
    }

    /// The socket address of `.address`, or nil when its host is not a numeric address.
    func socketAddress() -> SocketAddress? {
        guard case .address(let host, let port) = self else { return nil }
        var ipv4 = sockaddr_in()
        if inet_pton(AF_INET, host, &ipv4.sin_addr) == 1 {
            ipv4.sin_family = sa_family_t(AF_INET)
            ipv4.sin_port = port.bigEndian
            return .ipv4(ipv4)
        }
        var ipv6 = sockaddr_in6()
        if inet_pton(AF_INET6, host, &ipv6.sin6_addr) == 1 {
            ipv6.sin6_family = sa_family_t(AF_INET6)
            ipv6.sin6_port = port.bigEndian
            return .ipv6(ipv6)
        }
        return nil
    }
}

/// A bindable address, kept alive for as long as libmicrohttpd reads it.
enum SocketAddress {
    case ipv4(sockaddr_in)
    case ipv6(sockaddr_in6)

    var isIPv6: Bool {
        if case .ipv6 = self { return true }
        return false
    }

    /// Calls `body` with the address as a `sockaddr` pointer.
    func withPointer<Result>(_ body: (UnsafePointer<sockaddr>) -> Result) -> Result {
        switch self {
        case .ipv4(var address):
            withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1, body) }
        case .ipv6(var address):
            withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1, body) }
        }
    }
}
