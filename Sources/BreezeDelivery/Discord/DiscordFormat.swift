import BreezeAlerts
import BreezeHTTP
import BreezeJSON
import BreezeVocabulary

/// `Format=discord`: a Discord webhook message with one embed coloured by band.
///
/// Discord's limits are kept: content ≤ 2000 characters, title ≤ 256, description ≤ 4096,
/// field values ≤ 1024, and all embed text together ≤ 6000 (counted in UTF-16 units, which is
/// never fewer than Discord's count). `allowed_mentions` is empty so no city name can ping.
///
/// Names are data, never markup: text Discord renders as markdown (content, title,
/// description, fields) goes through `escape`, which backslash-escapes markdown's characters,
/// so a city named `[x](http://evil.example)`, `*bold*`, `<@123>` or `# big` shows as typed;
/// the footer, which Discord shows without markdown, through `VisibleText` alone.
enum DiscordFormat: WebhookPayloadFormat {
    static let contentLimit = 2000
    static let embedLimit = 6000

    static func request(for event: AlertEvent, context: FormatContext) -> HTTPRequest {
        if let digest = event.digest { return DiscordDigestFormat.request(digest, event: event, context: context) }
        return .post(context.url, body: JSONValue.object(message(for: event, context: context)).bytes, contentType: "application/json")
    }

    /// The message's members: what a POST sends, and (without `username`) an edit.
    static func message(for event: AlertEvent, context: FormatContext) -> [String: JSONValue] {
        let text = context.text(event)
        let title = TextLimits.truncated(escape(text.title), to: 256)
        var fields = AlertData.pollutantRows(event).map { row in (name: escape(row.pollutant.label), value: escape(row.valueText)) }
        if text.modelLine != nil, let sensor = event.sensor {
            let name = "Model (\(AlertText.modelName(sensor.modelSource)))"
            fields.append((name: escape(name), value: sensor.modelAQI.map(String.init) ?? "none"))
        }
        if text.openMeteoLine != nil, let openMeteo = event.openMeteoAQI {
            fields.append((name: escape("Open-Meteo's AQI"), value: String(openMeteo)))
        }
        let footer = TextLimits.truncated(VisibleText.escaped("Breeze · observed \(text.observedWithSource)"), to: 2048)
        let fixed = ([title, footer] + fields.flatMap { [$0.name, $0.value] }).map(\.utf16.count).reduce(0, +)
        let tips = ((text.exampleReadingNote.map { [escape($0)] } ?? []) + [context.advice(event)].compactMap { $0.map(escape) }
            + event.tips.map { "• " + escape($0) }).joined(separator: "\n")
        let description = TextLimits.truncated(tips, to: min(4096, embedLimit - fixed))
        var embed: [String: JSONValue] = [
            "title": .string(title),
            "fields": .array(fields.map { field in
                .object(["name": .string(field.name), "value": .string(field.value), "inline": .bool(true)])
            }),
            "footer": .object(["text": .string(footer)]),
            "timestamp": .string(TimeText.rfc3339(event.createdAt)),
        ]
        if let colour = colour(event) { embed["color"] = .integer(colour) }
        if !description.isEmpty { embed["description"] = .string(description) }
        return [
            "content": .string(TextLimits.truncated(escape(text.message), to: contentLimit)),
            "username": .string("Breeze"),
            "allowed_mentions": .object(["parse": .array([])]),
            "embeds": .array([.object(embed)]),
        ]
    }

    /// What `escape` puts a backslash before anywhere: emphasis, code, spoilers, links,
    /// mentions (`<@…>`, `<#…>`, `<t:…>`), quotes, headings, and the backslash itself.
    static let markdownCharacters: Set<Character> = ["\\", "*", "_", "~", "`", "|", "[", "]", "<", ">", "#", "@"]
    /// What `escape` puts a backslash before at the start of the text (after spaces), where a
    /// piece may begin a line: lists and `-#` subtext.
    static let lineStartCharacters: Set<Character> = ["-", "+"]

    /// `text` (one line: a title, a sentence, a tip) as Discord shows it, as typed: unsafe
    /// scalars escaped (`VisibleText`, so a line break in a name is `\n`, never a new line),
    /// then a backslash before each of `markdownCharacters`, and before `lineStartCharacters`
    /// at its start. Discord's markdown shows any ASCII punctuation after a backslash as itself.
    static func escape(_ text: String) -> String {
        let visible = VisibleText.escaped(text)
        var escaped = ""
        escaped.reserveCapacity(visible.utf8.count)
        var lineStart = true
        for character in visible {
            if markdownCharacters.contains(character) || (lineStart && lineStartCharacters.contains(character)) {
                escaped.append("\\")
            }
            escaped.append(character)
            lineStart = lineStart && character == " "
        }
        return escaped
    }

    /// The band's colour as Discord's integer `0xRRGGBB` (pollen and UV their own); nil without a band.
    static func colour(_ event: AlertEvent) -> Int? {
        ExposureText.colour(event) ?? event.band.flatMap { Int($0.colourHex.dropFirst(), radix: 16) }
    }
}
