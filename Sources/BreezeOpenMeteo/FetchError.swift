import BreezeHTTP

/// Why Open-Meteo gave no usable data, classified as permanent or transient.
///
/// Messages never contain the API key: reasons from the server are redacted before they are
/// stored here.
public enum FetchError: Error, Sendable, Equatable, CustomStringConvertible {
    /// 400: a bad parameter, too many locations, too much data. Permanent: not retried.
    case badRequest(reason: String)
    /// 401 or 403: key required, invalid, or the plan lacks this API. Permanent.
    case unauthorized(status: Int, reason: String)
    /// A 3xx to `location`: redirects are never followed (they could carry the API key to
    /// another host). Permanent: `setting` (`ApiURL`…) must be updated.
    case redirected(status: Int, location: String, setting: String)
    /// 404 for `url` (without its query), the endpoint `setting` (`ArchiveURL`…) led to:
    /// usually a base URL that is wrong or already ends in the endpoint path. Permanent.
    case notFound(url: String, setting: String)
    /// Another 4xx status. Permanent.
    case unexpectedStatus(status: Int, reason: String?)
    /// 429: a rate limit, or too many concurrent requests. Transient.
    case rateLimited(reason: String?, retryAfter: Duration?)
    /// 5xx (503 "overloaded" and others). Transient.
    case serverError(status: Int, reason: String?, retryAfter: Duration?)
    /// No complete response: timeout, refused or reset connection, body too large. Transient.
    case transport(HTTPError)
    /// A 2xx body that does not parse (Open-Meteo appends plain text when it fails
    /// mid-stream). Transient.
    case unparsableBody(String)
    /// The response had no element for this location (the array was too short).
    case missingFromResponse(index: Int, received: Int)
    /// This location's element was unusable; the others were fine.
    case invalidLocation(String)
    /// The cycle's deadline came before any attempt (or before the next retry).
    case deadlineExceeded(last: String?)

    /// Whether trying again later may succeed.
    public var isTransient: Bool {
        switch self {
        case .badRequest, .unauthorized, .redirected, .notFound, .unexpectedStatus, .invalidLocation: false
        case .rateLimited, .serverError, .transport, .unparsableBody, .missingFromResponse,
            .deadlineExceeded:
            true
        }
    }

    /// The delay the server asked for, if it sent `Retry-After` (seconds or a date).
    public var retryAfter: Duration? {
        switch self {
        case .rateLimited(_, let retryAfter), .serverError(_, _, let retryAfter): retryAfter
        default: nil
        }
    }

    public var description: String {
        switch self {
        case .badRequest(let reason): "Open-Meteo rejected the request (400): \(reason)"
        case .unauthorized(let status, let reason):
            "Open-Meteo refused the API key (\(status)): \(reason)"
        case .redirected(let status, let location, let setting):
            "Open-Meteo answered HTTP \(status) to \(location): redirects are not followed, update \(setting)="
        case .notFound(let url, let setting):
            "Open-Meteo answered 404 (not found) for \(url): check \(setting)= (a base URL, without the /v1/ path)"
        case .unexpectedStatus(let status, let reason):
            "Open-Meteo answered \(status)" + (reason.map { ": \($0)" } ?? "")
        case .rateLimited(let reason, _):
            "Open-Meteo rate limit (429)" + (reason.map { ": \($0)" } ?? "")
        case .serverError(let status, let reason, _):
            "Open-Meteo server error (\(status))" + (reason.map { ": \($0)" } ?? "")
        case .transport(let error): "Open-Meteo unreachable: \(error)"
        case .unparsableBody(let detail): "Open-Meteo sent a body that does not parse: \(detail)"
        case .missingFromResponse(let index, let received):
            "Open-Meteo's response has no element \(index + 1) (it has \(received))"
        case .invalidLocation(let detail): "Open-Meteo's element for this location is unusable: \(detail)"
        case .deadlineExceeded(let last):
            "the cycle's deadline passed" + (last.map { " (last error: \($0))" } ?? "")
        }
    }

    /// The error an HTTP error status stands for; `reason` from Open-Meteo's
    /// `{"error": true, "reason": …}` body, already redacted.
    static func from(status: Int, reason: String?, retryAfter: Duration?) -> FetchError {
        switch status {
        case 400: .badRequest(reason: reason ?? "no reason given")
        case 401, 403: .unauthorized(status: status, reason: reason ?? "no reason given")
        case 429: .rateLimited(reason: reason, retryAfter: retryAfter)
        case 500...599: .serverError(status: status, reason: reason, retryAfter: retryAfter)
        default: .unexpectedStatus(status: status, reason: reason)
        }
    }
}
