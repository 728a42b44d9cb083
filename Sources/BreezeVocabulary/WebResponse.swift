/// What a handler answers: a status, a content type and the body. The listener adds the
/// headers every answer carries (`WebResponse.fixedHeaders`) and, for HEAD, sends no body.
public struct WebResponse: Sendable, Equatable {
    public var status: Int
    public var contentType: String
    public var body: [UInt8]

    public init(status: Int, contentType: String, body: [UInt8]) {
        self.status = status
        self.contentType = contentType
        self.body = body
    }

    /// A plain-text answer.
    public static func text(_ text: String, status: Int) -> WebResponse {
        WebResponse(status: status, contentType: "text/plain; charset=utf-8", body: Array(text.utf8))
    }

    /// Sent with every answer: nothing is cached (each page is one moment of the daemon), the
    /// content type is never guessed, and a page can run no script and load nothing from
    /// anywhere (inline styles and `data:` images only), so an injected name cannot do harm.
    public static let fixedHeaders: [(name: String, value: String)] = [
        ("Cache-Control", "no-store"),
        ("X-Content-Type-Options", "nosniff"),
        ("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'"),
        ("Referrer-Policy", "no-referrer"),
    ]

    /// A method other than GET or HEAD.
    static let methodNotAllowed = WebResponse.text("method not allowed: use GET or HEAD\n", status: 405)
}
