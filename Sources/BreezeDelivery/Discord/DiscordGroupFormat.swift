import BreezeAlerts
import BreezeHTTP
import BreezeJSON
import BreezeVocabulary

/// `Format=discord`, grouped: the summary as content, one embed titled `Air quality: 4 cities
/// changed` listing a line per city, coloured by the worst band. No mentions can ping; names
/// are shown as typed (`DiscordFormat.escape`).
enum DiscordGroupFormat {
    /// What the lines may take of the description's 4096 (times may read differently at
    /// the attempt than when the group was formed), leaving room for the advice line.
    static let descriptionBudget = 3200

    static func request(_ text: GroupText, context: FormatContext) -> HTTPRequest {
        let lines = text.lines.map { "• " + DiscordFormat.escape($0) }
            + (text.advice(audience: context.audience).map { ["", DiscordFormat.escape($0)] } ?? [])
        let description = TextLimits.truncated(lines.joined(separator: "\n"), to: 4096)
        var embed: [String: JSONValue] = [
            "title": .string(TextLimits.truncated(DiscordFormat.escape(text.title), to: 256)),
            "description": .string(description),
            "footer": .object(["text": .string("Breeze")]),
            "timestamp": .string(TimeText.rfc3339(context.now)),
        ]
        if let band = text.worstBand, let colour = Int(band.colourHex.dropFirst(), radix: 16) {
            embed["color"] = .integer(colour)
        }
        let body = JSONValue.object([
            "content": .string(TextLimits.truncated(DiscordFormat.escape(text.summary(limit: 300)), to: DiscordFormat.contentLimit)),
            "username": .string("Breeze"),
            "allowed_mentions": .object(["parse": .array([])]),
            "embeds": .array([.object(embed)]),
        ]).bytes
        return .post(context.url, body: body, contentType: "application/json")
    }
}
