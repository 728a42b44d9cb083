import BreezeAlerts
import BreezeConfig
import BreezeDelivery
import BreezeHTTP
import BreezeJSON
import BreezeModel
import BreezeTestSupport
import Foundation
import BreezeVocabulary
import Testing

/// The grouped message in each format: a line per city, the worst first, hostile names cut
/// and escaped, and each service's limits kept however many and however long the lines.
struct GroupRenderingTests {
    static let now = SampleEvents.createdAt + .seconds(5)

    func city(_ name: String) -> City {
        City(name: name, latitude: 48.85, longitude: 2.35, timeZone: "Europe/Paris")
    }

    func member(_ name: String, _ kind: AlertEventKind = .firing, aqi: Int = 162, band: Band = .unhealthy) -> AlertEvent {
        SampleEvents.event(kind, city: city(name), aqi: aqi, band: band, id: "\(Slug.of(name))-1787234700-1-\(kind.rawValue)")
    }

    /// Paris Unhealthy, Lyon's unannounced episode, Nice Very Unhealthy, Lille back to Good.
    var mixed: [AlertEvent] {
        var lyon = member("Lyon", .resolved, aqi: 40, band: .good)
        lyon.unannounced = UnannouncedEpisode(startedAt: SampleEvents.createdAt - .seconds(3 * 3600), band: .unhealthy)
        return [member("Paris"), lyon, member("Nice", .escalated, aqi: 230, band: .veryUnhealthy),
                member("Lille", .resolved, aqi: 40, band: .good)]
    }

    func webhook(_ format: WebhookFormat) -> (WebhookReceiver, RecordingTransport) {
        let transport = RecordingTransport(outcomes: [.success(HTTPResponse(status: 200))])
        var settings = DeliverySettings()
        settings.groupAtLeast = 3
        let receiver = WebhookReceiver(
            configuration: WebhookConfiguration(
                name: "ops", url: "https://hooks.example.com/x", format: format, secret: nil,
                headers: [WebhookHeader(name: "Authorization", value: Secret("Bearer tok"))], timeout: .seconds(7),
                delivery: settings),
            transport: transport)
        return (receiver, transport)
    }

    func send(_ format: WebhookFormat, _ events: [AlertEvent]) throws -> HTTPRequest {
        let (receiver, transport) = webhook(format)
        #expect(receiver.deliver(group: MessageGroup(receiver: "ops", events: events), at: Self.now) == .delivered)
        return try #require(transport.requests.first)
    }

    @Test func ntfyListsALinePerCityTheWorstFirstAtTheHighestPriority() throws {
        let request = try send(.ntfy, mixed)
        let body = String(decoding: request.body ?? [], as: UTF8.self)
        // Then, after a blank line, what the worst city means for the receiver's audience.
        let advice = CautionaryStatement(audience: .general, pollutant: mixed[2].dominantPollutant, category: Band.veryUnhealthy.category).text
        #expect(body == """
            Nice: worse, Very Unhealthy 🚨 (AQI 230)
            Paris: Unhealthy 😨 (AQI 162)
            Lyon: was Unhealthy 😨 13:05–16:05 CEST, now Good 😊 (AQI 40)
            Lille: back to Good 😊 (AQI 40)

            \(advice)
            """)
        #expect(request.headers.value("Title") == "Air quality: 4 cities changed")
        #expect(request.headers.value("Priority") == "5")
        #expect(request.headers.value("Tags") == "rotating_light,very-unhealthy")
        #expect(request.headers.value("Authorization") == "Bearer tok")
        #expect(request.timeout == .seconds(7))
    }

    @Test func slackHasTheSummaryAsTextAndTheLinesEscaped() throws {
        let events = [member("Paris"), member("<!channel> & co"), member("Lyon", .resolved, aqi: 40, band: .good)]
        let request = try send(.slack, events)
        let body = try #require(try SampleEvents.json(request.body) as? [String: Any])
        #expect(body["text"] as? String
            == "3 cities: Paris Unhealthy 😨, &lt;!channel&gt; &amp; co Unhealthy 😨, Lyon back to Good 😊")
        let blocks = try #require(body["blocks"] as? [[String: Any]])
        let texts = blocks.compactMap { ($0["text"] as? [String: Any])?["text"] as? String }
        #expect(blocks.first?["type"] as? String == "header")
        #expect(texts.first == "Air quality: 3 cities changed")
        #expect(texts.dropFirst().first?.split(separator: "\n").count == 3)
        #expect(!texts.joined().contains("<!channel>"))
    }

    @Test func discordHasOneEmbedColouredByTheWorstBand() throws {
        let request = try send(.discord, mixed)
        let body = try #require(try SampleEvents.json(request.body) as? [String: Any])
        let embed = try #require((body["embeds"] as? [[String: Any]])?.first)
        #expect(embed["color"] as? Int == Int(Band.veryUnhealthy.colourHex.dropFirst(), radix: 16))
        #expect(embed["title"] as? String == "Air quality: 4 cities changed")
        #expect((embed["description"] as? String)?.split(separator: "\n").first == "• Nice: worse, Very Unhealthy 🚨 (AQI 230)")
        #expect((body["allowed_mentions"] as? [String: Any])?["parse"] as? [String] == [])
        #expect((body["content"] as? String)?.hasPrefix("4 cities: Nice worse, Very Unhealthy 🚨, Paris Unhealthy 😨") == true)
    }

    /// Fifty cities with 200-character names in three-byte characters, and controls in them.
    var hostile: [AlertEvent] {
        (1...50).map { number in member("東京\u{1B}[31m\n" + String(repeating: "京", count: 200) + "\(number)") }
    }

    @Test func longNamesAreCutAndControlsGoAndEachFormatFitsItsLimits() throws {
        let (discord, _) = webhook(.discord)
        let (ntfy, _) = webhook(.ntfy)
        let (slack, _) = webhook(.slack)
        let discordFits = discord.groupCapacity(hostile, at: Self.now)
        let ntfyFits = ntfy.groupCapacity(hostile, at: Self.now)
        #expect(slack.groupCapacity(hostile, at: Self.now) == 50)
        #expect(discordFits > 1 && discordFits < 50)
        #expect(ntfyFits > 1 && ntfyFits < discordFits)

        let ntfyRequest = try send(.ntfy, Array(hostile.prefix(ntfyFits)))
        let ntfyText = String(decoding: ntfyRequest.body ?? [], as: UTF8.self)
        let lines = ntfyText.components(separatedBy: "\n\n")[0].split(separator: "\n")
        #expect(lines.count == ntfyFits)
        #expect(lines.allSatisfy { $0.count <= 200 && $0.hasSuffix("…") && !$0.contains("\u{1B}") })
        #expect((ntfyRequest.body?.count ?? 0) <= 4096)
        // One more line would not have fitted in what the lines may take (3200 bytes, the rest
        // for the advice).
        #expect(lines.map { $0.utf8.count + 1 }.reduce(0, +) + lines[0].utf8.count + 1 > 3200)

        let discordRequest = try send(.discord, Array(hostile.prefix(discordFits)))
        let body = try #require(try SampleEvents.json(discordRequest.body) as? [String: Any])
        let embed = try #require((body["embeds"] as? [[String: Any]])?.first)
        let description = try #require(embed["description"] as? String)
        #expect(description.utf16.count <= 4096 && !description.hasSuffix("…\n"))
        #expect(description.split(separator: "\n").filter { $0.hasPrefix("• ") }.count == discordFits)
        #expect((body["content"] as? String)?.utf16.count ?? 0 <= 2000)

        let slackRequest = try send(.slack, hostile)
        let slackBody = try #require(try SampleEvents.json(slackRequest.body) as? [String: Any])
        let blocks = try #require(slackBody["blocks"] as? [[String: Any]])
        #expect(blocks.count <= 50)
        let texts = blocks.compactMap { ($0["text"] as? [String: Any])?["text"] as? String }
        #expect(texts.allSatisfy { $0.count <= 3000 })
        #expect(texts.joined(separator: "\n").split(separator: "\n").filter { $0.hasPrefix("• ") }.count == 50)
        #expect((slackBody["text"] as? String)?.count ?? 0 <= 300)
    }

    @Test func aLateLineSaysWhenItWasSeenAndHowLate() throws {
        let late = SampleEvents.createdAt + .seconds(5 * 3600 + 30 * 60)
        let (receiver, transport) = webhook(.ntfy)
        let events = [member("Paris"), member(String(repeating: "x", count: 300)), member("Lyon", .resolved, aqi: 40, band: .good)]
        #expect(receiver.deliver(group: MessageGroup(receiver: "ops", events: events), at: late) == .delivered)
        let lines = String(decoding: transport.requests.first?.body ?? [], as: UTF8.self)
            .components(separatedBy: "\n\n")[0].split(separator: "\n")
        #expect(lines.first == "Paris: Unhealthy 😨 (AQI 162) (seen 16:05 CEST, delayed 5 h 30 min)")
        // A long name is cut, not the note.
        #expect(lines.dropFirst().first?.hasSuffix("… (seen 16:05 CEST, delayed 5 h 30 min)") == true)
        #expect(lines.allSatisfy { $0.count <= 200 })
    }

    @Test func pollenAndUVLinesAreTheirOwnSentences() throws {
        var pollen = member("Paris")
        pollen.subject = .pollen
        let group = MessageGroup(receiver: "ops", events: [pollen, member("Lyon"), member("Nice")])
        let request = try send(.ntfy, group.events)
        let lines = String(decoding: request.body ?? [], as: UTF8.self).split(separator: "\n").map(String.init)
        // The event's own sentence, whatever the pollen and UV messages say.
        #expect(lines.contains(pollen.message))
        #expect(!lines.contains { $0.hasPrefix("Paris: ") })
    }

    @Test func theAdviceIsForTheReceiversAudienceAndTheWorstCity() throws {
        let transport = RecordingTransport(outcomes: [.success(HTTPResponse(status: 200)), .success(HTTPResponse(status: 200))])
        var settings = DeliverySettings()
        settings.groupAtLeast = 2
        settings.audience = .sensitive
        let receiver = WebhookReceiver(
            configuration: WebhookConfiguration(
                name: "family", url: "https://ntfy.example.com/t", format: .ntfy, delivery: settings),
            transport: transport)
        let alerts = [member("Paris", aqi: 120, band: .unhealthyForSensitiveGroups), member("Lyon", aqi: 110, band: .unhealthyForSensitiveGroups)]
        #expect(receiver.deliver(group: MessageGroup(receiver: "family", events: alerts), at: Self.now) == .delivered)
        let sensitive = CautionaryStatement(
            audience: .sensitive, pollutant: alerts[0].dominantPollutant, category: Band.unhealthyForSensitiveGroups.category).text
        let general = CautionaryStatement(
            audience: .general, pollutant: alerts[0].dominantPollutant, category: Band.unhealthyForSensitiveGroups.category).text
        let body = String(decoding: transport.requests[0].body ?? [], as: UTF8.self)
        #expect(body.hasSuffix("\n\n" + sensitive) && sensitive != general, "\(body)")
        // All-clears: what people can do again, for the best news's band.
        let clear = [member("Paris", .resolved, aqi: 40, band: .good), member("Lyon", .resolved, aqi: 45, band: .good)]
        #expect(receiver.deliver(group: MessageGroup(receiver: "family", events: clear), at: Self.now) == .delivered)
        let cleared = String(decoding: transport.requests[1].body ?? [], as: UTF8.self)
        #expect(cleared.hasSuffix("\n\nNow: " + Band.good.resolveAdvice), "\(cleared)")
        // Slack and Discord carry it too.
        let slack = String(decoding: try send(.slack, mixed).body ?? [], as: UTF8.self)
        let discord = String(decoding: try send(.discord, mixed).body ?? [], as: UTF8.self)
        let worst = CautionaryStatement(audience: .general, pollutant: mixed[2].dominantPollutant, category: Band.veryUnhealthy.category).text
        let quoted = String(decoding: JSONValue.string(worst).bytes, as: UTF8.self).dropFirst().dropLast()
        #expect(slack.contains(quoted) && discord.contains(quoted))
    }

    @Test func jsonAndAlertmanagerReceiversRefuseAGroup() {
        for format in [WebhookFormat.json, .alertmanager] {
            let (receiver, transport) = webhook(format)
            let outcome = receiver.deliver(group: MessageGroup(receiver: "ops", events: mixed), at: Self.now)
            #expect(outcome == .permanent(reason: "ops: Format=\(format.rawValue) does not group messages"))
            #expect(transport.requests.isEmpty)
        }
    }

    @Test func emailListsTheCitiesAndIsSpooledOncePerGroup() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var settings = DeliverySettings(timeZone: "Europe/Paris")
        settings.groupAtLeast = 3
        let receiver = EmailReceiver(
            configuration: EmailConfiguration(
                name: "mail", to: ["ops@example.com"], from: "breezed@example.com", spool: folder.path,
                delivery: settings),
            hostname: "sensor-host")
        let group = MessageGroup(receiver: "mail", events: mixed)
        #expect(receiver.deliver(group: group, at: Self.now) == .spooled(path: folder.path))
        // The same members again (a retry after a crash before the outbox knew): the copy is there already.
        #expect(receiver.deliver(group: MessageGroup(receiver: "mail", events: mixed.reversed()), at: Self.now + .seconds(60)) == .spooled(path: folder.path))
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path + "/new").map { folder.path + "/new/" + $0 }
        #expect(files.count == 1)
        let report = try #require(try TemporaryFolder.checkMail(files).first)
        #expect(report["ok"] as? Bool == true, "\(report)")
        let headers = try #require(report["headers"] as? [String: String])
        #expect(headers["subject"]
            == "[Breeze] 4 cities: Nice worse, Very Unhealthy 🚨, Paris Unhealthy 😨, Lyon was Unhealthy, now Good 😊, Lille back to Good 😊")
        #expect(headers["message-id"] == "<\(group.id)@sensor-host>")
        #expect(report["body"] as? String == """
            Air quality: 4 cities changed:

            - Nice: worse, Very Unhealthy 🚨 (AQI 230)
            - Paris: Unhealthy 😨 (AQI 162)
            - Lyon: was Unhealthy 😨 13:05–16:05 CEST, now Good 😊 (AQI 40)
            - Lille: back to Good 😊 (AQI 40)

            \(CautionaryStatement(audience: .general, pollutant: mixed[2].dominantPollutant, category: Band.veryUnhealthy.category).text)

            -- 
            Breeze on sensor-host, 4 alerts in one message:
              \(group.events.map(\.id).joined(separator: "\n  "))

            """)
    }

    @Test func aLongSubjectEndsInAnEllipsis() throws {
        let group = MessageGroup(receiver: "mail", events: (1...20).map { member("City number \($0)") })
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let receiver = EmailReceiver(
            configuration: EmailConfiguration(
                name: "mail", to: ["ops@example.com"], from: "breezed@example.com", spool: folder.path,
                delivery: DeliverySettings()),
            hostname: "sensor-host")
        #expect(receiver.deliver(group: group, at: Self.now) == .spooled(path: folder.path))
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path + "/new").map { folder.path + "/new/" + $0 }
        let report = try #require(try TemporaryFolder.checkMail(files).first)
        let subject = try #require((report["headers"] as? [String: String])?["subject"])
        #expect(subject.hasPrefix("[Breeze] 20 cities: City number 1 Unhealthy 😨, City number 2"))
        #expect(subject.hasSuffix(", …"))
        #expect(subject.count <= "[Breeze] ".count + 150)
    }
}
