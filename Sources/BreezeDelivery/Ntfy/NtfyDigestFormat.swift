import BreezeAlerts
import BreezeHTTP
import BreezeVocabulary

/// The daily digest for ntfy (`DigestText`'s words): the headline first, the cities needing
/// attention next, the rest counted in one line when they do not fit.
enum NtfyDigestFormat {
    /// ntfy refuses (or turns into an attachment) a message over 4096 bytes.
    static let bodyBytes = 4000

    /// ntfy: plain text, `Title`, priority 2 (low) when all is clear, 3 otherwise, tags
    /// `newspaper` and `white_check_mark` or `warning`.
    static func request(_ digest: DigestDetails, event: AlertEvent, context: FormatContext) -> HTTPRequest {
        let text = DigestText(digest)
        let headline = text.headline
        let (blocks, rest) = text.fitted(budget: bodyBytes - headline.utf8.count - 2) { city in
            ([text.heading(city)] + text.facts(city).map { "• " + $0 }).joined(separator: "\n")
        }
        let body = ([headline] + blocks + (rest.map { [$0] } ?? [])).joined(separator: "\n\n")
        let tags = ["newspaper", digest.allClear ? "white_check_mark" : "warning"]
        return .post(
            context.url, body: Array(body.utf8), contentType: "text/plain; charset=utf-8",
            headers: [
                ("Title", NtfyFormat.headerText(text.title)),
                ("Priority", String(NtfyFormat.priority(event))),
                ("Tags", tags.joined(separator: ",")),
            ])
    }
}
