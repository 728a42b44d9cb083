import BreezeVocabulary

/// What the listener adds to every answer, and its own answer to a method it does not serve.
extension WebResponse {
    /// Sent with every answer: nothing is cached (each page is one moment of the daemon), the
    /// content type is never guessed, and a page can run no script and load nothing from
    /// anywhere (inline styles and `data:` images only), so an injected name cannot do harm.
    public static let fixedHeaders: [(name: String, value: String)] = [
        ("Cache-Control", "no-store"),
        ("X-Content-Type-Options", "nosniff"),
        ("Content-Security-Policy", contentPolicy + "; frame-ancestors 'none'"),
        ("Referrer-Policy", "no-referrer"),
    ]

    /// A method other than GET or HEAD.
    static let methodNotAllowed = WebResponse.text("method not allowed: use GET or HEAD\n", status: 405)
}
