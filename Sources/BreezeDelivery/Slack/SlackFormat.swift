import BreezeAlerts
import BreezeHTTP
import BreezeJSON
import BreezeVocabulary

/// `Format=slack`: a Slack incoming-webhook message: `text` as the notification fallback, and
/// blocks: the title as a header, the message and tips, the pollutants as fields, the
/// observation time as context. The text is made at delivery time (`AlertText`): local times,
/// and a note when late.
///
/// Names are data, never markup. Slack's mrkdwn has no backslash escape (a zero-width space
/// next to `*` makes bold *work* mid-word rather than stop it), so every block's text is a
/// `plain_text` object, which Slack shows without mrkdwn: a city named `*bold*` or
/// `[x](http://evil.example)` is shown as typed. `&`, `<` and `>`, Slack's control characters
/// in every text object (`<!channel>`, `<@U123>`, `<http://…|link>`), are sent as entities,
/// also in the fallback `text`, which is sent with `"mrkdwn": false`. Unsafe scalars (controls,
/// bidirectional and invisible format characters) are shown as their escapes (`VisibleText`).
enum SlackFormat: WebhookPayloadFormat {
    /// Slack: at most 150 characters in a header, 3000 in a section's text.
    static let headerCharacters = 150
    static let sectionCharacters = 3000

    static func request(for event: AlertEvent, context: FormatContext) -> HTTPRequest {
        if let digest = event.digest { return SlackDigestFormat.request(digest, context: context) }
        let text = context.text(event)
        var blocks: [JSONValue] = [header(text.title), section(escape(text.message))]
        if let advice = context.advice(event) { blocks.append(section(escape(advice))) }

        if let note = text.exampleReadingNote { blocks.append(section(escape(note))) }
        if !event.tips.isEmpty {
            blocks.append(section(event.tips.map { "• " + escape($0) }.joined(separator: "\n")))
        }
        let rows = AlertData.pollutantRows(event)
        if !rows.isEmpty {
            // Slack allows at most ten fields per section; there are six pollutants.
            blocks.append(.object([
                "type": .string("section"),
                "fields": .array(rows.map { row in plainText(escape(row.line)) }),
            ]))
        }
        if let model = text.modelLine { blocks.append(section(escape(model))) }
        if let openMeteo = text.openMeteoLine { blocks.append(section(escape(openMeteo))) }
        blocks.append(contextBlock(escape("Observed \(text.observedWithSource) · Breeze")))
        return post(fallback: text.message, blocks: blocks, context: context)
    }

    /// The message: `fallback` (escaped) as `text`, shown without mrkdwn, then `blocks`.
    static func post(fallback: String, blocks: [JSONValue], context: FormatContext) -> HTTPRequest {
        let body = JSONValue.object([
            "text": .string(fitted(fallback, to: sectionCharacters)), "mrkdwn": .bool(false), "blocks": .array(blocks),
        ]).bytes
        return .post(context.url, body: body, contentType: "application/json")
    }

    /// A `plain_text` object of `escaped`, text already through `escape`.
    static func plainText(_ escaped: String) -> JSONValue {
        .object(["type": .string("plain_text"), "text": .string(escaped)])
    }

    /// A section of `escaped` (text already through `escape`) as plain text.
    static func section(_ escaped: String) -> JSONValue {
        .object(["type": .string("section"), "text": plainText(TextLimits.truncated(escaped, to: sectionCharacters))])
    }

    /// A header block: `text` escaped and cut to Slack's 150 characters.
    static func header(_ text: String) -> JSONValue {
        .object(["type": .string("header"), "text": plainText(fitted(text, to: headerCharacters))])
    }

    /// A context block of one plain-text element, `escaped` (already through `escape`).
    static func contextBlock(_ escaped: String) -> JSONValue {
        .object(["type": .string("context"), "elements": .array([plainText(TextLimits.truncated(escaped, to: 3000))])])
    }

    /// `text` as Slack shows it: unsafe scalars escaped (`VisibleText`, so a line break in a
    /// name is `\n`, never a new line), then `&`, `<` and `>` as entities.
    static func escape(_ text: String) -> String {
        VisibleText.escaped(text).replacingAll("&", with: "&amp;").replacingAll("<", with: "&lt;").replacingAll(">", with: "&gt;")
    }

    /// `text` escaped, cut (at a character of the original, never inside an entity) to at
    /// most `limit` characters, ending in `…` when cut.
    static func fitted(_ text: String, to limit: Int) -> String {
        let whole = escape(text)
        guard whole.count > limit else { return whole }
        var result = ""
        var used = 1  // the ellipsis
        for character in text {
            let piece = escape(String(character))
            guard used + piece.count <= limit else { break }
            result += piece
            used += piece.count
        }
        return result + "…"
    }
}
