import FoundationEssentials

/// A 3xx answer with a `Location`: Breeze never follows one (see `CurlTransport`), it reports
/// where the server wanted the request to go so that the configured URL can be updated.
public struct HTTPRedirect: Sendable, Equatable {
    /// 301, 302, 303, 307 or 308 (or another 3xx that names a location).
    public var status: Int
    /// The absolute URL the server named, resolved against the request's URL, without any
    /// `user:password@` part.
    public var location: String

    /// The redirect `response` to `requestURL` stands for; nil when it is not a 3xx with a
    /// `Location`.
    public init?(_ response: HTTPResponse, requestURL: String) {
        guard (300..<400).contains(response.status),
            let text = response.header("Location"), !text.isEmpty
        else { return nil }
        status = response.status
        let resolved = URL(string: text, relativeTo: URL(string: requestURL))?.absoluteURL
        if let resolved, var components = URLComponents(url: resolved, resolvingAgainstBaseURL: true) {
            components.user = nil
            components.password = nil
            location = components.string ?? resolved.absoluteString
        } else {
            // Unparsable (a hostile server's control characters): shown, but never raw.
            location = String(String.UnicodeScalarView(text.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }))
        }
    }

    /// `HTTP 301 to https://new.example.com/hook`.
    public var description: String { "HTTP \(status) to \(location)" }
}
