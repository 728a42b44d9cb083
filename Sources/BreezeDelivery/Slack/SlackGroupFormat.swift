import BreezeAlerts
import BreezeHTTP
import BreezeJSON
import BreezeVocabulary

/// `Format=slack`, grouped: `text` is the summary (the notification), then a header with the
/// title and sections listing a line per city (each under Slack's 3000 characters), all plain
/// text (`SlackFormat`).
enum SlackGroupFormat {
    static let sectionLimit = SlackFormat.sectionCharacters

    static func request(_ text: GroupText, context: FormatContext) -> HTTPRequest {
        var blocks: [JSONValue] = [SlackFormat.header(text.title)]
        var chunk = ""
        for line in text.lines.map({ "• " + SlackFormat.escape($0) }) {
            if !chunk.isEmpty, chunk.count + 1 + line.count > sectionLimit {
                blocks.append(SlackFormat.section(chunk))
                chunk = ""
            }
            chunk += (chunk.isEmpty ? "" : "\n") + line
        }
        if !chunk.isEmpty { blocks.append(SlackFormat.section(chunk)) }
        if let advice = text.advice(audience: context.audience) { blocks.append(SlackFormat.section(SlackFormat.escape(advice))) }
        blocks.append(SlackFormat.contextBlock("Breeze"))
        return SlackFormat.post(fallback: text.summary(limit: 300), blocks: blocks, context: context)
    }
}
