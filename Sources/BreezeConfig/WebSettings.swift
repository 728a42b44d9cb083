#if canImport(Glibc)
import Glibc
#endif

/// The `[Web]` section: where breezed serves its status page, `/metrics` and `/api/v1`.
public struct WebSettings: Sendable, Equatable {
    /// `Listen=`: the addresses to listen on, in the order written; empty when the listener
    /// is off (`Listen=` set to nothing). Sockets systemd passes (breezed.socket) take their place.
    public var listen: [ListenAddress]

    /// The default port: outside Prometheus's exporter allocation (9100–9999, all taken), and
    /// clear of the ports other monitoring tools default to (8080–8090, VictoriaMetrics'
    /// 8427–8429, InfluxDB's 8086, Consul's 8500).
    public static let defaultPort: UInt16 = 8247

    /// The default: loopback only, so nothing is exposed until the administrator says so.
    public static let defaultListen = [ListenAddress(host: "127.0.0.1", port: defaultPort)]

    public init(listen: [ListenAddress] = WebSettings.defaultListen) {
        self.listen = listen
    }

    /// `127.0.0.1:8247 [::1]:8247`, or `off`.
    public var listenDescription: String {
        listen.isEmpty ? "off" : listen.map(\.description).joined(separator: " ")
    }
}

/// One `Listen=` address: a numeric IPv4 or IPv6 address (never a host name) and a port.
public struct ListenAddress: Sendable, Hashable, CustomStringConvertible {
    /// `127.0.0.1`, `::1` (without brackets), `0.0.0.0`, `::`.
    public var host: String
    public var port: UInt16

    public init(host: String, port: UInt16) {
        self.host = host
        self.port = port
    }

    public var isIPv6: Bool { host.contains(":") }

    /// As `Listen=` takes it: `127.0.0.1:8247`, `[::1]:8247`.
    public var description: String { isIPv6 ? "[\(host)]:\(port)" : "\(host):\(port)" }

    /// `ADDRESS:PORT` or `[IPV6]:PORT`, or why not.
    static func parse(_ text: String) -> Result<ListenAddress, ValueProblem> {
        let host: Substring
        let portText: Substring
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]"), text[text.index(after: close)...].hasPrefix(":") else {
                return .failure(ValueProblem("use [IPV6]:PORT, like [::1]:\(WebSettings.defaultPort)"))
            }
            host = text[text.index(after: text.startIndex)..<close]
            portText = text[text.index(close, offsetBy: 2)...]
            guard isAddress(host, family: AF_INET6) else {
                return .failure(ValueProblem("'\(host)' is not an IPv6 address"))
            }
        } else {
            guard let colon = text.lastIndex(of: ":") else {
                return .failure(ValueProblem("use ADDRESS:PORT, like 127.0.0.1:\(WebSettings.defaultPort) or [::1]:\(WebSettings.defaultPort)"))
            }
            host = text[..<colon]
            portText = text[text.index(after: colon)...]
            if host.contains(":") {
                return .failure(ValueProblem("put an IPv6 address in brackets, like [::1]:\(WebSettings.defaultPort)"))
            }
            guard isAddress(host, family: AF_INET) else {
                return .failure(
                    ValueProblem(
                        "'\(host)' is not a numeric address; use one (127.0.0.1, 0.0.0.0, [::1], [::]), not a host name"))
            }
        }
        guard portText.allSatisfy({ ("0"..."9").contains($0) }), let port = UInt16(portText), port > 0 else {
            return .failure(ValueProblem("the port must be a whole number from 1 to 65535"))
        }
        return .success(ListenAddress(host: String(host), port: port))
    }

    private static func isAddress(_ text: Substring, family: Int32) -> Bool {
        guard !text.isEmpty, !text.contains("%") else { return false }
        var buffer = [UInt8](repeating: 0, count: 16)
        return inet_pton(family, String(text), &buffer) == 1
    }
}
