/// One HTTP request: a method, an absolute URL, extra headers and an optional body.
///
/// Deliberately not `CustomStringConvertible`: a request may carry a secret (an API key in
/// its form body) and must never be printed whole.
public struct HTTPRequest: Sendable, Equatable {
    /// The methods Breeze uses.
    public enum Method: String, Sendable, Equatable {
        case get = "GET"
        case post = "POST"
        /// Sent with a body, as a POST is (Discord's "Edit Webhook Message").
        case patch = "PATCH"
    }

    public var method: Method
    /// An absolute `http://` or `https://` URL, query included.
    public var url: String
    /// Extra request headers, in order, as (name, value).
    public var headers: [(name: String, value: String)]
    /// The body sent with a POST or PATCH; nil for none.
    public var body: [UInt8]?
    /// Caps the whole transfer below the transport's own total timeout (never above it):
    /// callers use it to keep a request inside a deadline.
    public var timeout: Duration?
    /// Whether the caller reads the whole response body (true: a body over the transport's
    /// limit fails the transfer). False when only its start matters, as for a webhook, whose
    /// status alone says whether it was delivered: a longer body is read and the rest dropped
    /// (`HTTPResponse.bodyTruncated`).
    public var needsWholeBody: Bool

    public init(
        method: Method = .get, url: String, headers: [(name: String, value: String)] = [],
        body: [UInt8]? = nil, timeout: Duration? = nil, needsWholeBody: Bool = true
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.needsWholeBody = needsWholeBody
    }

    /// A GET of `url` with `query` appended as `?name=value&…` (percent-encoded).
    public static func get(_ url: String, query: [(String, String)] = []) -> HTTPRequest {
        guard !query.isEmpty else { return HTTPRequest(url: url) }
        let separator = url.contains("?") ? "&" : "?"
        return HTTPRequest(url: url + separator + FormEncoding.encode(query))
    }

    /// A POST of `fields` to `url` as an `application/x-www-form-urlencoded` body.
    public static func postForm(_ url: String, fields: [(String, String)]) -> HTTPRequest {
        HTTPRequest(
            method: .post, url: url,
            headers: [(name: "Content-Type", value: "application/x-www-form-urlencoded")],
            body: Array(FormEncoding.encode(fields).utf8))
    }

    /// A POST of `body` to `url` with `Content-Type: contentType` first, then `headers` in
    /// order, exactly as given.
    public static func post(
        _ url: String, body: [UInt8], contentType: String,
        headers: [(name: String, value: String)] = []
    ) -> HTTPRequest {
        HTTPRequest(
            method: .post, url: url, headers: [(name: "Content-Type", value: contentType)] + headers,
            body: body)
    }

    public static func == (lhs: HTTPRequest, rhs: HTTPRequest) -> Bool {
        lhs.method == rhs.method && lhs.url == rhs.url && lhs.body == rhs.body
            && lhs.timeout == rhs.timeout && lhs.needsWholeBody == rhs.needsWholeBody
            && lhs.headers.map { [$0.name, $0.value] } == rhs.headers.map { [$0.name, $0.value] }
    }
}
