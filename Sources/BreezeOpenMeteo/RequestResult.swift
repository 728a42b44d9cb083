import BreezeHTTP

/// How one request to Open-Meteo ended, one attempt each (a retry is another request), for
/// `breeze_api_requests_total{result}`: a bounded set, never an error text.
public enum RequestResult: String, CaseIterable, Sendable {
    /// A 2xx whose body decoded.
    case ok
    /// Another status (a redirect, 4xx, 429, 5xx).
    case httpError = "http_error"
    /// No response within the timeout.
    case timeout
    /// No complete response for another reason (refused, reset, TLS, body too large).
    case transportError = "transport_error"
    /// A 2xx whose body did not decode.
    case badBody = "bad_body"

    /// What a transport failure counts as.
    init(_ error: HTTPError) {
        self = error == .timeout ? .timeout : .transportError
    }
}

/// Told of every request's result as it ends, on the thread that made it (a non-escaping
/// closure: the caller tallies in a local variable, no lock).
public typealias RequestCounter = (RequestResult) -> Void
