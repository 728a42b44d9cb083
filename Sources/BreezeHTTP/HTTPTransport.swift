/// Sends one HTTP request and waits for the complete response.
///
/// Synchronous on purpose: libcurl's easy interface blocks the calling thread, the daemon calls
/// it from its own Dispatch queue and `breezectl` from its main thread, and every transfer is
/// bounded by the transport's timeouts, so nothing is gained by an `async` wrapper that would
/// still park a thread.
///
/// Implementations are safe to call from several threads at once.
public protocol HTTPTransport: Sendable {
    /// Returns the final response after redirects, whatever its status; throws only when no
    /// complete response arrived.
    func send(_ request: HTTPRequest) throws(HTTPError) -> HTTPResponse
}
