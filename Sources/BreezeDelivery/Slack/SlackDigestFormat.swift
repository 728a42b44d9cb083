import BreezeAlerts
import BreezeHTTP
import BreezeJSON
import BreezeVocabulary

/// The daily digest for Slack (`DigestText`'s words), within Slack's limits: the headline
/// first, the cities needing attention next, the rest counted in one line when they do not fit.
enum SlackDigestFormat {
    /// Slack: at most 50 blocks, 3000 characters in a section's text.
    static let mostBlocks = 50
    static let sectionCharacters = 3000

    /// Slack: `text` (the notification) is the headline; blocks are the title and headline,
    /// one section per city that fits, and a context line counting the rest.
    static func request(_ digest: DigestDetails, context: FormatContext) -> HTTPRequest {
        let text = DigestText(digest)
        let escape = SlackFormat.escape
        var blocks: [JSONValue] = [SlackFormat.section("*\(escape(text.title))*\n\(escape(text.headline))")]
        let cities = text.ordered
        // Two blocks kept: the count of the rest and the footer.
        let room = mostBlocks - 3
        var shown = 0
        for city in cities.prefix(room) {
            let body = "*\(escape(text.heading(city)))*\n" + text.facts(city).map { "• " + escape($0) }.joined(separator: "\n")
            blocks.append(SlackFormat.section(TextLimits.truncated(body, to: sectionCharacters)))
            shown += 1
        }
        var footer = "Breeze daily digest for \(TimeText.weekdayAndDate(named: digest.day))"
        if shown < cities.count { footer = escape(text.remainder(cities[shown...])) + " · " + footer }
        blocks.append(.object([
            "type": .string("context"),
            "elements": .array([.object(["type": .string("mrkdwn"), "text": .string(TextLimits.truncated(footer, to: 3000))])]),
        ]))
        let body = JSONValue.object(["text": .string(text.headline), "blocks": .array(blocks)]).bytes
        return .post(context.url, body: body, contentType: "application/json")
    }
}
