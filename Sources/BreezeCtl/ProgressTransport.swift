import BreezeCommandLine
import BreezeHTTP

/// A transport that tells a status line of each request as it goes out: the requests it counts
/// are those made, retries included, not an estimate.
struct ProgressTransport: HTTPTransport {
    let transport: any HTTPTransport
    let progress: ProgressReporter

    func send(_ request: HTTPRequest) throws(HTTPError) -> HTTPResponse {
        progress.requestSent()
        return try transport.send(request)
    }
}

extension OpenMeteoAccess {
    /// The same access, each of its requests told to `progress`.
    func reporting(to progress: ProgressReporter) -> OpenMeteoAccess {
        var access = self
        access.transport = ProgressTransport(transport: transport, progress: progress)
        return access
    }
}
