import BreezeAlerts
import BreezeHTTP
import BreezeJSON
import BreezeModel
import BreezeVocabulary

/// The daily digest for Discord (`DigestText`'s words), within Discord's embed limits: the
/// headline first, the cities needing attention next, the rest counted in the footer when they
/// do not fit.
enum DiscordDigestFormat {
    /// Discord: the headline as `content`, one embed: the title, the cities that fit as its
    /// description, the band colour of the worst city needing attention (Good's when all is
    /// clear), the count of the rest in the footer.
    static func request(_ digest: DigestDetails, event: AlertEvent, context: FormatContext) -> HTTPRequest {
        let text = DigestText(digest)
        let title = TextLimits.truncated(DiscordFormat.escape(text.title), to: 256)
        let footerBase = "Breeze daily digest"
        let budget = min(4096, DiscordFormat.embedLimit - title.utf16.count - 2048 - 16)
        let (blocks, rest) = text.fitted(budget: budget) { city in
            (["**" + DiscordFormat.escape(text.heading(city)) + "**"] + text.facts(city).map { "• " + DiscordFormat.escape($0) })
                .joined(separator: "\n")
        }
        // The footer is shown without markdown: no backslashes, only the unsafe scalars escaped.
        let footer = TextLimits.truncated(VisibleText.escaped(rest.map { $0 + " · " + footerBase } ?? footerBase), to: 2048)
        let worst = digest.attention.compactMap { $0.band ?? $0.forecastPeakBand }.max()
        let colour = (digest.allClear ? Band.good : worst).flatMap { Int($0.colourHex.dropFirst(), radix: 16) }
        var embed: [String: JSONValue] = [
            "title": .string(title),
            "description": .string(TextLimits.truncated(blocks.joined(separator: "\n\n"), to: budget)),
            "footer": .object(["text": .string(footer)]),
            "timestamp": .string(TimeText.rfc3339(event.createdAt)),
        ]
        if let colour { embed["color"] = .integer(colour) }
        let body = JSONValue.object([
            "content": .string(TextLimits.truncated(DiscordFormat.escape(text.headline), to: DiscordFormat.contentLimit)),
            "username": .string("Breeze"),
            "allowed_mentions": .object(["parse": .array([])]),
            "embeds": .array([.object(embed)]),
        ]).bytes
        return .post(context.url, body: body, contentType: "application/json")
    }
}
