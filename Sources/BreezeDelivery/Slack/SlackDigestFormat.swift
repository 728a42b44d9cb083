import BreezeAlerts
import BreezeHTTP
import BreezeJSON
import BreezeVocabulary

/// The daily digest for Slack (`DigestText`'s words), within Slack's limits: the headline
/// first, the cities needing attention next, the rest counted in one line when they do not
/// fit. All plain text (`SlackFormat`).
enum SlackDigestFormat {
    /// Slack: at most 50 blocks, 3000 characters in a section's text.
    static let mostBlocks = 50
    static let sectionCharacters = SlackFormat.sectionCharacters

    /// Slack: `text` (the notification) is the headline; blocks are the title as a header,
    /// the headline, one section per city that fits, and a context line counting the rest.
    static func request(_ digest: DigestDetails, context: FormatContext) -> HTTPRequest {
        let text = DigestText(digest)
        let escape = SlackFormat.escape
        var blocks: [JSONValue] = [SlackFormat.header(text.title), SlackFormat.section(escape(text.headline))]
        let cities = text.ordered
        // The header, the headline and the context line (the rest's count, the footer) take three.
        let room = mostBlocks - 3
        var shown = 0
        for city in cities.prefix(room) {
            let body = escape(text.heading(city)) + "\n" + text.facts(city).map { "• " + escape($0) }.joined(separator: "\n")
            blocks.append(SlackFormat.section(body))
            shown += 1
        }
        var footer = "Breeze daily digest for \(TimeText.weekdayAndDate(named: digest.day))"
        if shown < cities.count { footer = text.remainder(cities[shown...]) + " · " + footer }
        blocks.append(SlackFormat.contextBlock(escape(footer)))
        return SlackFormat.post(fallback: text.headline, blocks: blocks, context: context)
    }
}
