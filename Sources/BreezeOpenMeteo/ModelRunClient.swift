import BreezeHTTP
import BreezeVocabulary

/// Asks Open-Meteo's air-quality host when a CAMS domain last ran (`ModelDomain.metaPath`):
/// a static file, sent without the API key and not counted against the limits. Asked once, never
/// retried: a cycle without the answer asks for the forecast by its age, and a retry's wait
/// would be out of the poll's time.
public struct ModelRunClient: OpenMeteoClient {
    let core: OpenMeteoClientCore
    private let sender: RetryingSender

    public init(core: OpenMeteoClientCore) {
        self.core = core
        var sender = core.sender
        sender.policy = RetryPolicy(maximumAttempts: 1)
        self.sender = sender
    }

    /// The last run of `domain` as the host describes it, or why there is none; no request
    /// starts, and no retry waits, past `deadline`. Whether to believe it is the caller's
    /// (`ModelRunMeta.problem(now:)`). `counted` hears the request's result.
    public func lastRun(of domain: ModelDomain, deadline: Deadline, counted: RequestCounter = { _ in })
        -> Result<ModelRunMeta, FetchError>
    {
        var request = HTTPRequest.get(core.endpoints.modelRunEndpoint(domain))
        request.headers.append((name: "Accept", value: "application/json"))
        return Result { () throws(FetchError) in
            try sender.send(request, deadline: deadline, counted: counted) { response throws(FetchError) in
                try ModelRunMeta(body: response.body)
            }
        }
    }
}
