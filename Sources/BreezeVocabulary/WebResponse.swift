/// What an HTTP route answers: a status, a content type and the body. Never carries secrets.
/// BreezeWeb renders pages into it; the listener (BreezeWebListener) sends it, adding the
/// headers every answer carries and, for HEAD, no body.
public struct WebResponse: Sendable, Equatable {
    public var status: Int
    public var contentType: String
    public var body: [UInt8]

    public init(status: Int, contentType: String, body: [UInt8]) {
        self.status = status
        self.contentType = contentType
        self.body = body
    }

    /// A plain-text answer, such as a 404's.
    public static func text(_ text: String, status: Int = 200) -> WebResponse {
        WebResponse(status: status, contentType: "text/plain; charset=utf-8", body: Array(text.utf8))
    }
}

extension WebResponse {
    /// What Breeze's pages may load: no script, nothing from anywhere, inline styles and `data:`
    /// images only, so an injected name cannot do harm. The one policy: the listener sends it
    /// as a header (adding `frame-ancestors`, which only a header can carry), a page read from a
    /// file (`breezectl backtest --report`) says it in a `<meta>`.
    public static let contentPolicy = "default-src 'none'; style-src 'unsafe-inline'; img-src data:"
}
