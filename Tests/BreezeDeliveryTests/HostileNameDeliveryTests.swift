import BreezeAlerts
import BreezeConfig
import BreezeDelivery
import BreezeHTTP
import BreezeModel
import BreezeTestSupport
import BreezeVocabulary
import Foundation
import Testing

/// Every hostile name (`HostileName.all`) in every chat and mail channel, as a single alert, a
/// test alert, a grouped message and a digest: markup shown as typed, mentions off, unsafe
/// scalars as their escapes, nothing raw in a header, 東京 as it is.
struct HostileNameDeliveryTests {
    static let now = SampleEvents.createdAt + .seconds(5)

    func event(_ row: HostileName, _ kind: AlertEventKind = .firing) -> AlertEvent {
        SampleEvents.event(kind, city: City(name: row.name, latitude: 48.85, longitude: 2.35, timeZone: "Europe/Paris"))
    }

    func title(_ shown: String, _ kind: AlertEventKind) -> String {
        kind == .test ? "Breeze test alert: \(shown), Unhealthy 😨 (AQI 162)" : "\(shown): Unhealthy 😨 (AQI 162)"
    }

    func receiver(_ format: WebhookFormat, groupAtLeast: Int? = nil) -> (WebhookReceiver, RecordingTransport) {
        let transport = RecordingTransport(outcomes: [.success(HTTPResponse(status: 200))])
        var settings = DeliverySettings()
        if let groupAtLeast { settings.groupAtLeast = groupAtLeast }
        let receiver = WebhookReceiver(
            configuration: WebhookConfiguration(name: "ops", url: "https://hooks.example.com/x", format: format, delivery: settings),
            transport: transport)
        return (receiver, transport)
    }

    func json(_ request: HTTPRequest) throws -> [String: Any] {
        try #require(try SampleEvents.json(request.body) as? [String: Any])
    }

    /// Every string in a JSON document, and every object.
    func strings(_ value: Any) -> [String] {
        switch value {
        case let text as String: [text]
        case let array as [Any]: array.flatMap(strings)
        case let object as [String: Any]: object.values.flatMap(strings)
        default: []
        }
    }

    func objects(_ value: Any) -> [[String: Any]] {
        switch value {
        case let array as [Any]: array.flatMap(objects)
        case let object as [String: Any]: [object] + object.values.flatMap(objects)
        default: []
        }
    }

    /// Whether `text` holds an unsafe scalar other than the line breaks the format puts between lines.
    func holdsUnsafe(_ text: String) -> Bool {
        text.unicodeScalars.contains { VisibleText.isUnsafe($0) && $0 != "\n" }
    }

    /// Whether every character Discord's markdown reads in `text` has a backslash before it.
    func discordMarkupIsEscaped(_ text: String) -> Bool {
        var escaped = false
        for character in text {
            if escaped {
                escaped = false
                continue
            }
            if character == "\\" {
                escaped = true
                continue
            }
            if "*_~`|[]<>#@".contains(character) { return false }
        }
        return true
    }

    @Test(arguments: HostileName.all)
    func slackShowsThePlainTextAndNoMarkupOrMention(_ row: HostileName) throws {
        for kind in [AlertEventKind.firing, .test] {
            let body = try json(try receiver(.slack).0.request(for: event(row, kind), at: Self.now).get())
            let blocks = try #require(body["blocks"] as? [[String: Any]])
            let header = try #require((blocks.first?["text"] as? [String: Any])?["text"] as? String)
            #expect(blocks.first?["type"] as? String == "header")
            let whole = title(row.slack, kind)
            #expect(header == (whole.count <= 150 ? whole : String(whole.prefix(149)) + "…"))
            let message = try #require((blocks[1]["text"] as? [String: Any])?["text"] as? String)
            #expect(message.contains("in " + row.slack))
            #expect((body["text"] as? String)?.contains("in " + row.slack) == true)
            #expect(body["mrkdwn"] as? Bool == false)
            // Every text object is plain text: Slack reads no markup in any of them.
            let texts = objects(blocks).filter { $0["text"] is String }
            #expect(!texts.isEmpty && texts.allSatisfy { $0["type"] as? String == "plain_text" })
            for text in strings(body) {
                #expect(!text.contains("<") && !text.contains(">"), "\(text)")
                #expect(!holdsUnsafe(text), "\(text)")
            }
        }
    }

    @Test(arguments: HostileName.all)
    func discordEscapesTheMarkdownAndPingsNoOne(_ row: HostileName) throws {
        for kind in [AlertEventKind.firing, .test] {
            let body = try json(try receiver(.discord).0.request(for: event(row, kind), at: Self.now).get())
            #expect((body["allowed_mentions"] as? [String: Any])?["parse"] as? [Any] != nil)
            #expect(((body["allowed_mentions"] as? [String: Any])?["parse"] as? [Any])?.isEmpty == true)
            let embed = try #require((body["embeds"] as? [[String: Any]])?.first)
            #expect(embed["title"] as? String == title(row.discord, kind))
            let content = try #require(body["content"] as? String)
            #expect(content.contains("in " + row.discord))
            for text in [content, embed["title"] as? String ?? "", embed["description"] as? String ?? ""] {
                #expect(discordMarkupIsEscaped(text), "\(text)")
                #expect(!holdsUnsafe(text), "\(text)")
            }
            // The footer is shown without markdown: no backslashes added, nothing unsafe.
            let footer = try #require((embed["footer"] as? [String: Any])?["text"] as? String)
            #expect(footer.hasPrefix("Breeze · observed ") && !holdsUnsafe(footer))
        }
    }

    @Test(arguments: HostileName.all)
    func ntfyShowsEscapesInTheBodyAndOnlyASCIIInTheHeaders(_ row: HostileName) throws {
        for kind in [AlertEventKind.firing, .test] {
            let request = try receiver(.ntfy).0.request(for: event(row, kind), at: Self.now).get()
            let body = String(decoding: request.body ?? [], as: UTF8.self)
            #expect(body.hasPrefix((kind == .test ? "Test alert: air quality in " : "Air quality in ") + row.visible), "\(body)")
            #expect(!holdsUnsafe(body))
            for header in request.headers {
                #expect(header.value.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }, "\(header.name): \(header.value)")
            }
            let title = try #require(request.headers.value("Title"))
            #expect(Self.decodedEncodedWords(title) == self.title(row.visible, kind))
            #expect(request.headers.value("Tags") == "fearful,unhealthy" || kind == .test)
        }
    }

    @Test(arguments: HostileName.all)
    func mailShowsEscapesInTheSubjectAndTheBody(_ row: HostileName) throws {
        let (headers, body) = try MessageWords.mail(event(row))
        // Python's parser, unfolded and decoded: one Subject, no header the name added.
        #expect(headers["subject"]?.hasPrefix("[Breeze] Air quality in " + row.visible) == true, "\(headers)")
        #expect(headers["bcc"] == nil)
        #expect(!holdsUnsafe(headers["subject"] ?? ""))
        #expect(body.contains("City: " + row.visible + " (48.85, 2.35)"), "\(body)")
        #expect(!body.unicodeScalars.contains { VisibleText.isUnsafe($0) && $0 != "\n" })
    }

    /// Every name in one grouped message of each format.
    @Test func aGroupShowsEveryNameAsTyped() throws {
        let events = HostileName.all.enumerated().map { index, row in
            SampleEvents.event(
                city: City(name: row.name, latitude: 48.85, longitude: 2.35, timeZone: "Europe/Paris"),
                id: "hostile-\(index)-1787234700-1-firing")
        }
        let group = MessageGroup(receiver: "ops", events: events)

        let (slack, slackSent) = receiver(.slack, groupAtLeast: 2)
        #expect(slack.deliver(group: group, at: Self.now) == .delivered)
        let slackBody = try json(try #require(slackSent.requests.first))
        let slackText = strings(slackBody).joined(separator: "\n")
        #expect(objects(slackBody["blocks"] as Any).filter { $0["text"] is String }.allSatisfy { $0["type"] as? String == "plain_text" })
        #expect(!slackText.contains("<") && !holdsUnsafe(slackText))

        let (discord, discordSent) = receiver(.discord, groupAtLeast: 2)
        #expect(discord.deliver(group: group, at: Self.now) == .delivered)
        let discordBody = try json(try #require(discordSent.requests.first))
        #expect(((discordBody["allowed_mentions"] as? [String: Any])?["parse"] as? [Any])?.isEmpty == true)
        let embed = try #require((discordBody["embeds"] as? [[String: Any]])?.first)
        let description = try #require(embed["description"] as? String)
        #expect(discordMarkupIsEscaped(description) && !holdsUnsafe(description))
        #expect(discordMarkupIsEscaped(discordBody["content"] as? String ?? "*"))

        let (ntfy, ntfySent) = receiver(.ntfy, groupAtLeast: 2)
        #expect(ntfy.deliver(group: group, at: Self.now) == .delivered)
        let ntfyBody = String(decoding: try #require(ntfySent.requests.first).body ?? [], as: UTF8.self)
        #expect(!holdsUnsafe(ntfyBody))

        for row in HostileName.all where row.name.count < 100 {
            #expect(slackText.contains("• " + row.slack + ": Unhealthy"), "\(row)")
            #expect(description.contains("• " + row.discord + ": Unhealthy"), "\(row)")
            #expect(ntfyBody.contains(row.visible + ": Unhealthy"), "\(row)")
        }
    }

    /// Every name in one digest of each format.
    @Test func aDigestShowsEveryNameAsTyped() throws {
        var event = SampleEvents.event(.digest)
        event.digest = DigestDetails(
            day: "2026-08-20", receiver: "ops",
            cities: HostileName.all.map { row in
                var city = DigestCity(city: City(name: row.name, latitude: 1, longitude: 2))
                city.aqi = 162
                city.band = .unhealthy
                city.openAlerts = ["AQI: Unhealthy 😨"]
                return city
            })
        let slackBody = try json(try receiver(.slack).0.request(for: event, at: Self.now).get())
        let slackText = strings(slackBody).joined(separator: "\n")
        #expect(objects(slackBody["blocks"] as Any).filter { $0["text"] is String }.allSatisfy { $0["type"] as? String == "plain_text" })
        #expect(!slackText.contains("<") && !holdsUnsafe(slackText))

        let discordBody = try json(try receiver(.discord).0.request(for: event, at: Self.now).get())
        #expect(((discordBody["allowed_mentions"] as? [String: Any])?["parse"] as? [Any])?.isEmpty == true)
        let embed = try #require((discordBody["embeds"] as? [[String: Any]])?.first)
        let description = try #require(embed["description"] as? String)
        // The headings' own bold (`**…**`) is the format's; a name's asterisks are `\*`.
        #expect(discordMarkupIsEscaped(description.replacingOccurrences(of: "**", with: "")) && !holdsUnsafe(description))
        #expect(discordMarkupIsEscaped(discordBody["content"] as? String ?? "*"))

        let ntfy = try receiver(.ntfy).0.request(for: event, at: Self.now).get()
        let ntfyBody = String(decoding: ntfy.body ?? [], as: UTF8.self)
        #expect(!holdsUnsafe(ntfyBody))
        #expect(ntfy.headers.allSatisfy { $0.value.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F } })

        for row in HostileName.all where row.name.count < 100 {
            #expect(slackText.contains(row.slack + ": needs attention"), "\(row)")
            #expect(description.contains("**" + row.discord + ": needs attention**"), "\(row)")
            #expect(ntfyBody.contains(row.visible + ": needs attention"), "\(row)")
        }
    }

    /// The words of RFC 2047 encoded-words (or plain ASCII words) joined back into the text.
    static func decodedEncodedWords(_ header: String) -> String {
        guard header.hasPrefix("=?UTF-8?B?") else { return header }
        return header.split(separator: " ").map { word -> String in
            let base64 = word.dropFirst("=?UTF-8?B?".count).dropLast(2)
            return String(decoding: Data(base64Encoded: String(base64)) ?? Data(), as: UTF8.self)
        }.joined()
    }
}
