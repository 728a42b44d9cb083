import BreezeConfig
import BreezeHTTP

/// One ping of `HeartbeatURL=`: which URL a cycle's outcome reports to, and what the answer
/// means. Pure.
public enum HeartbeatPing {
    /// What a cycle reports: it got data (at least one city's reading), or none.
    public enum Kind: String, Sendable, Equatable {
        case success = "ok"
        case failure = "fail"
    }

    /// How one ping went.
    public enum Outcome: Sendable, Equatable {
        /// A 2xx answer.
        case delivered(status: Int)
        /// Another answer: `status`, and for a redirect (never followed: a token must not
        /// travel to a host it was not configured for) where it pointed, as a host.
        case refused(status: Int, redirectedTo: String?)
        /// No complete answer (timeout, refused, TLS, …).
        case unanswered(HTTPError)
    }

    /// `base` for a cycle with data; for one without, `base` with `/fail` appended to its path
    /// (one trailing slash dropped first), before the query: `https://hc-ping.com/<uuid>/` →
    /// `https://hc-ping.com/<uuid>/fail`, `https://kuma.example/api/push/<t>?status=up` →
    /// `https://kuma.example/api/push/<t>/fail?status=up`.
    public static func url(_ base: String, kind: Kind) -> String {
        guard kind == .failure else { return base }
        let queryStart = base.firstIndex(of: "?") ?? base.endIndex
        var path = String(base[..<queryStart])
        if path.hasSuffix("/") { path.removeLast() }
        return path + "/fail" + base[queryStart...]
    }

    /// The outcome of `result`, the answer to a GET of `url`.
    public static func outcome(_ result: Result<HTTPResponse, HTTPError>, url: String) -> Outcome {
        switch result {
        case .failure(let error): return .unanswered(error)
        case .success(let response) where (200..<300).contains(response.status):
            return .delivered(status: response.status)
        case .success(let response):
            let redirect = HTTPRedirect(response, requestURL: url)
            return .refused(status: response.status, redirectedTo: redirect.map { Redactor.place(ofURL: $0.location) })
        }
    }
}
