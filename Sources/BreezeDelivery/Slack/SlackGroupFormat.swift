import BreezeAlerts
import BreezeHTTP
import BreezeJSON
import BreezeVocabulary

/// `Format=slack`, grouped: `text` is the summary (the notification), then a section with the
/// title and sections listing a line per city (each under Slack's 3000 characters).
enum SlackGroupFormat {
    static let sectionLimit = 3000

    static func request(_ text: GroupText, context: FormatContext) -> HTTPRequest {
        var blocks: [JSONValue] = [section("*\(SlackFormat.escape(text.title))*")]
        var chunk = ""
        for line in text.lines.map({ "• " + SlackFormat.escape($0) }) {
            if !chunk.isEmpty, chunk.count + 1 + line.count > sectionLimit {
                blocks.append(section(chunk))
                chunk = ""
            }
            chunk += (chunk.isEmpty ? "" : "\n") + line
        }
        if !chunk.isEmpty { blocks.append(section(chunk)) }
        if let advice = text.advice(audience: context.audience) { blocks.append(section(SlackFormat.escape(advice))) }
        blocks.append(.object([
            "type": .string("context"),
            "elements": .array([.object(["type": .string("mrkdwn"), "text": .string("Breeze")])]),
        ]))
        let body = JSONValue.object([
            "text": .string(SlackFormat.escape(text.summary(limit: 300))), "blocks": .array(blocks),
        ]).bytes
        return .post(context.url, body: body, contentType: "application/json")
    }

    private static func section(_ text: String) -> JSONValue {
        .object(["type": .string("section"), "text": .object(["type": .string("mrkdwn"), "text": .string(text)])])
    }
}
