import BreezeAlerts
import BreezeHTTP
import BreezeJSON

/// `Format=slack`: a Slack incoming-webhook message: `text` as the notification fallback, and
/// blocks: the message and tips, the pollutants as fields, the observation time as context.
/// The text is made at delivery time (`AlertText`): local times, and a note when late.
enum SlackFormat: WebhookPayloadFormat {
    static func request(for event: AlertEvent, context: FormatContext) -> HTTPRequest {
        if let digest = event.digest { return SlackDigestFormat.request(digest, context: context) }
        let text = context.text(event)
        var blocks: [JSONValue] = [
            section("*\(escape(text.title))*\n\(escape(text.message))"),
        ]
        if let advice = context.advice(event) { blocks.append(section(escape(advice))) }

        if let note = text.exampleReadingNote { blocks.append(section("_\(escape(note))_")) }
        if !event.tips.isEmpty {
            blocks.append(section(event.tips.map { "• " + escape($0) }.joined(separator: "\n")))
        }
        let rows = AlertData.pollutantRows(event)
        if !rows.isEmpty {
            // Slack allows at most ten fields per section; there are six pollutants.
            blocks.append(.object([
                "type": .string("section"),
                "fields": .array(rows.map { row in
                    .object(["type": .string("mrkdwn"), "text": .string(escape(row.line))])
                }),
            ]))
        }
        if let openMeteo = text.openMeteoLine { blocks.append(section(escape(openMeteo))) }
        blocks.append(.object([
            "type": .string("context"),
            "elements": .array([
                .object([
                    "type": .string("mrkdwn"),
                    "text": .string(escape("Observed \(text.observedWithSource) · Breeze")),
                ])
            ]),
        ]))
        let body = JSONValue.object(["text": .string(text.message), "blocks": .array(blocks)]).bytes
        return .post(context.url, body: body, contentType: "application/json")
    }

    static func section(_ text: String) -> JSONValue {
        .object(["type": .string("section"), "text": .object(["type": .string("mrkdwn"), "text": .string(text)])])
    }

    /// Slack's mrkdwn control characters: `&`, `<` and `>` must be sent as entities.
    static func escape(_ text: String) -> String {
        text.replacingAll("&", with: "&amp;").replacingAll("<", with: "&lt;").replacingAll(">", with: "&gt;")
    }
}
