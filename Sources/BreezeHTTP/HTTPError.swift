/// Why a request got no complete HTTP response. An HTTP error status is not an `HTTPError`:
/// it is a response, and the caller classifies it.
public enum HTTPError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The connect or total timeout ran out.
    case timeout
    /// The server actively refused the connection (nothing listens on the port).
    case connectionRefused
    /// No connection could be made (name resolution, unreachable network, proxy).
    case connectionFailed(String)
    /// The connection broke before the response was complete (reset, closed early, truncated).
    case connectionReset(String)
    /// The body exceeded the transport's limit of `limit` bytes; the transfer was aborted.
    case bodyTooLarge(limit: Int)
    /// TLS failed: handshake, certificate verification or host-name mismatch.
    case tls(String)
    /// Anything else, with libcurl's code and message.
    case other(code: Int, message: String)

    public var description: String {
        switch self {
        case .timeout: "timed out"
        case .connectionRefused: "connection refused"
        case .connectionFailed(let message): "connection failed: \(message)"
        case .connectionReset(let message): "connection lost: \(message)"
        case .bodyTooLarge(let limit): "response body larger than \(limit) bytes"
        case .tls(let message): "TLS failed: \(message)"
        case .other(let code, let message): "transfer failed (curl \(code)): \(message)"
        }
    }
}
