import BreezeHTTP
import Synchronization

/// A transport that answers from a closure and records every request: the stand-in for the
/// network in unit tests of the logic above `HTTPTransport`.
public final class RecordingTransport: HTTPTransport {
    /// Decides the outcome of a request; `index` counts requests from 0.
    public typealias Responder = @Sendable (_ request: HTTPRequest, _ index: Int) -> Result<
        HTTPResponse, HTTPError
    >

    private let responder: Responder
    private let recorded = Mutex<[HTTPRequest]>([])

    public init(responder: @escaping Responder) {
        self.responder = responder
    }

    /// Answers each request in turn with the next of `outcomes`, repeating the last one.
    public convenience init(outcomes: [Result<HTTPResponse, HTTPError>]) {
        precondition(!outcomes.isEmpty, "RecordingTransport needs at least one outcome")
        self.init { _, index in outcomes[min(index, outcomes.count - 1)] }
    }

    /// Every request sent so far, in order.
    public var requests: [HTTPRequest] { recorded.withLock { $0 } }

    public func send(_ request: HTTPRequest) throws(HTTPError) -> HTTPResponse {
        let index = recorded.withLock { requests in
            requests.append(request)
            return requests.count - 1
        }
        return try responder(request, index).get()
    }
}
