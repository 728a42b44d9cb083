import BreezeAlerts
import BreezeHTTP
import BreezeJSON
import BreezeModel
import BreezeVocabulary

/// A daily digest for the chat formats (`DigestText`'s words), each within its service's
/// limits: the headline first, the cities needing attention next, the rest counted in one
/// line when they do not fit.
enum DigestWebhooks {
    /// ntfy refuses (or turns into an attachment) a message over 4096 bytes.
    static let ntfyBytes = 4000
    /// Slack: at most 50 blocks, 3000 characters in a section's text.
    static let slackBlocks = 50
    static let slackSectionCharacters = 3000

    /// ntfy: plain text, `Title`, priority 2 (low) when all is clear, 3 otherwise, tags
    /// `newspaper` and `white_check_mark` or `warning`.
    static func ntfy(_ digest: DigestDetails, event: AlertEvent, context: FormatContext) -> HTTPRequest {
        let text = DigestText(digest)
        let headline = text.headline
        let (blocks, rest) = text.fitted(budget: ntfyBytes - headline.utf8.count - 2) { city in
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

    /// Slack: `text` (the notification) is the headline; blocks are the title and headline,
    /// one section per city that fits, and a context line counting the rest.
    static func slack(_ digest: DigestDetails, context: FormatContext) -> HTTPRequest {
        let text = DigestText(digest)
        let escape = SlackFormat.escape
        var blocks: [JSONValue] = [section("*\(escape(text.title))*\n\(escape(text.headline))")]
        let cities = text.ordered
        // Two blocks kept: the count of the rest and the footer.
        let room = slackBlocks - 3
        var shown = 0
        for city in cities.prefix(room) {
            let body = "*\(escape(text.heading(city)))*\n" + text.facts(city).map { "• " + escape($0) }.joined(separator: "\n")
            blocks.append(section(DiscordFormat.truncated(body, to: slackSectionCharacters)))
            shown += 1
        }
        var footer = "Breeze daily digest for \(TimeText.weekdayAndDate(named: digest.day))"
        if shown < cities.count { footer = escape(text.remainder(cities[shown...])) + " · " + footer }
        blocks.append(.object([
            "type": .string("context"),
            "elements": .array([.object(["type": .string("mrkdwn"), "text": .string(DiscordFormat.truncated(footer, to: 3000))])]),
        ]))
        let body = JSONValue.object(["text": .string(text.headline), "blocks": .array(blocks)]).bytes
        return .post(context.url, body: body, contentType: "application/json")
    }

    /// Discord: the headline as `content`, one embed: the title, the cities that fit as its
    /// description, the band colour of the worst city needing attention (Good's when all is
    /// clear), the count of the rest in the footer.
    static func discord(_ digest: DigestDetails, event: AlertEvent, context: FormatContext) -> HTTPRequest {
        let text = DigestText(digest)
        let title = DiscordFormat.truncated(text.title, to: 256)
        let footerBase = "Breeze daily digest"
        let budget = min(4096, DiscordFormat.embedLimit - title.utf16.count - 2048 - 16)
        let (blocks, rest) = text.fitted(budget: budget) { city in
            ([bold(text.heading(city))] + text.facts(city).map { "• " + $0 }).joined(separator: "\n")
        }
        let footer = DiscordFormat.truncated(rest.map { $0 + " · " + footerBase } ?? footerBase, to: 2048)
        let worst = digest.attention.compactMap { $0.band ?? $0.forecastPeakBand }.max()
        let colour = (digest.allClear ? Band.good : worst).flatMap { Int($0.colourHex.dropFirst(), radix: 16) }
        var embed: [String: JSONValue] = [
            "title": .string(title),
            "description": .string(DiscordFormat.truncated(blocks.joined(separator: "\n\n"), to: budget)),
            "footer": .object(["text": .string(footer)]),
            "timestamp": .string(TimeText.rfc3339(event.createdAt)),
        ]
        if let colour { embed["color"] = .integer(colour) }
        let body = JSONValue.object([
            "content": .string(DiscordFormat.truncated(text.headline, to: DiscordFormat.contentLimit)),
            "username": .string("Breeze"),
            "allowed_mentions": .object(["parse": .array([])]),
            "embeds": .array([.object(embed)]),
        ]).bytes
        return .post(context.url, body: body, contentType: "application/json")
    }

    private static func section(_ text: String) -> JSONValue {
        .object(["type": .string("section"), "text": .object(["type": .string("mrkdwn"), "text": .string(text)])])
    }

    /// `**text**`, its own asterisks and underscores escaped so a name cannot restyle the rest.
    private static func bold(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if "*_~`|\\".contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        return "**" + escaped + "**"
    }
}
