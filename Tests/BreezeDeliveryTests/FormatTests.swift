import BreezeAlerts
import BreezeConfig
import BreezeDelivery
import BreezeHTTP
import BreezeTestSupport
import BreezeModel
import Foundation
import BreezeVocabulary
import Testing

/// The body and headers of each webhook format, as the services document them.
struct FormatTests {
    private func request(
        _ format: WebhookFormat, _ event: AlertEvent = SampleEvents.event(), url: String = "https://hooks.example.com/T0/B1/xyz",
        secret: String? = nil, now: Instant = SampleEvents.createdAt + .seconds(5)
    ) throws -> HTTPRequest {
        let configuration = WebhookConfiguration(
            name: "ops", url: url, format: format, secret: secret.map(Secret.init),
            headers: [WebhookHeader(name: "Authorization", value: Secret("Bearer tok-123"))],
            timeout: .seconds(7))
        let receiver = WebhookReceiver(
            configuration: configuration, transport: RecordingTransport(outcomes: [.success(HTTPResponse(status: 200))]),
            firingLifetime: .seconds(3600))
        return try receiver.request(for: event, at: now).get()
    }

    @Test func standardWebhookBodyHasEveryDocumentedField() throws {
        let request = try request(.json)
        #expect(request.method == .post)
        #expect(request.url == "https://hooks.example.com/T0/B1/xyz")
        #expect(request.timeout == .seconds(7))
        #expect(request.headers.value("Content-Type") == "application/json")
        #expect(request.headers.value("webhook-id") == "paris-1787234700-1-firing")
        #expect(request.headers.value("webhook-timestamp") == "1787234705")
        #expect(request.headers.value("webhook-signature") == nil)
        #expect(request.headers.value("Authorization") == "Bearer tok-123")
        let body = try #require(try SampleEvents.json(request.body) as? [String: Any])
        #expect(body["type"] as? String == "breeze.alert.firing")
        #expect(body["timestamp"] as? String == "2026-08-20T14:05:00Z")
        let data = try #require(body["data"] as? [String: Any])
        #expect(data["id"] as? String == "paris-1787234700-1-firing")
        #expect(data["event"] as? String == "firing")
        let city = try #require(data["city"] as? [String: Any])
        #expect(city["name"] as? String == "Paris")
        #expect(city["latitude"] as? Double == 48.8566)
        #expect(data["aqi"] as? Int == 162)
        let band = try #require(data["band"] as? [String: Any])
        #expect(band["slug"] as? String == "unhealthy")
        #expect(band["label"] as? String == "Unhealthy")
        #expect(band["emoji"] as? String == "😨")
        #expect(band["color"] as? String == "#ff3b30")
        #expect((data["previousBand"] as? [String: Any])?["slug"] as? String == "moderate")
        #expect(data["dominantPollutant"] as? String == "pm2_5")
        let pollutants = try #require(data["pollutants"] as? [String: [String: Any]])
        #expect(Set(pollutants.keys) == ["pm2_5", "no2", "o3"])
        #expect(pollutants["pm2_5"]?["value"] as? Double == 93)
        #expect(pollutants["pm2_5"]?["unit"] as? String == "µg/m³")
        #expect(pollutants["pm2_5"]?["status"] as? String == "unhealthy")
        #expect(pollutants["no2"]?["status"] as? String == "good")
        #expect(data["observedAt"] as? String == "2026-08-20T14:00:00Z")
        #expect((data["message"] as? String)?.hasPrefix("Air quality in Paris: AQI 162") == true)
        #expect((data["tips"] as? [String])?.count == Band.unhealthy.healthTips.count)
    }

    @Test func standardWebhookPreviousBandIsNullWhenAbsent() throws {
        let request = try request(.json, SampleEvents.event(previousBand: nil))
        let text = String(decoding: request.body ?? [], as: UTF8.self)
        #expect(text.contains(#""previousBand":null"#))
    }

    @Test func standardWebhookBodyIsTheSameBytesOnEveryAttempt() throws {
        let first = try request(.json, secret: "whsec_MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=", now: 100)
        let second = try request(.json, secret: "whsec_MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=", now: 200)
        #expect(first.body == second.body)
        #expect(first.headers.value("webhook-id") == second.headers.value("webhook-id"))
        #expect(first.headers.value("webhook-timestamp") != second.headers.value("webhook-timestamp"))
        let text = String(decoding: first.body ?? [], as: UTF8.self)
        // Keys are sorted at every level.
        // (`advice` and `audience`, the receiver's, came first and between.)
        #expect(text.hasPrefix(##"{"data":{"advice":"Main pollutant: "##))
        #expect(text.contains(##"","aqi":162,"aqiSource":null,"audience":"general","band":{"color":"#ff3b30","emoji""##))
    }

    @Test func slackHasFallbackTextAndBlocks() throws {
        let event = SampleEvents.event(city: City(name: "A<b>&c", latitude: 1, longitude: 2))
        let request = try request(.slack, event)
        let body = try #require(try SampleEvents.json(request.body) as? [String: Any])
        // The fallback too: `<`, `>` and `&` are Slack's control characters in every text.
        #expect(body["text"] as? String == "Air quality in A&lt;b&gt;&amp;c: AQI 162, Unhealthy 😨 (was Moderate); over the limit: PM2.5")
        #expect(body["mrkdwn"] as? Bool == false)
        let blocks = try #require(body["blocks"] as? [[String: Any]])
        #expect(blocks.first?["type"] as? String == "header")
        let first = try #require((blocks.first?["text"] as? [String: Any])?["text"] as? String)
        #expect(first == "A&lt;b&gt;&amp;c: Unhealthy 😨 (AQI 162)")
        #expect(first.contains("A&lt;b&gt;&amp;c"))
        #expect(!first.contains("<b>"))
        let fields = try #require(blocks.first { $0["fields"] != nil }?["fields"] as? [[String: Any]])
        #expect(fields.count == 3)
        #expect(fields[0]["text"] as? String == "PM2.5: 93 µg/m³ — Unhealthy")
        #expect(blocks.last?["type"] as? String == "context")
        #expect(request.headers.value("webhook-id") == nil)
    }

    @Test func discordEmbedIsColouredByBand() throws {
        let request = try request(.discord)
        let body = try #require(try SampleEvents.json(request.body) as? [String: Any])
        #expect(body["username"] as? String == "Breeze")
        #expect((body["content"] as? String)?.hasPrefix("Air quality in Paris") == true)
        let embed = try #require((body["embeds"] as? [[String: Any]])?.first)
        #expect(embed["color"] as? Int == 0xff3b30)
        #expect(embed["title"] as? String == "Paris: Unhealthy 😨 (AQI 162)")
        #expect(embed["timestamp"] as? String == "2026-08-20T14:05:00Z")
        let fields = try #require(embed["fields"] as? [[String: Any]])
        #expect(fields.map { $0["name"] as? String } == ["PM2.5", "NO₂", "O₃"])
        #expect(fields.allSatisfy { $0["inline"] as? Bool == true })
        #expect(fields[1]["value"] as? String == "41.3 µg/m³ — Good")
        #expect((body["allowed_mentions"] as? [String: Any])?["parse"] as? [Any] != nil)
    }

    @Test func discordRespectsItsLimits() throws {
        let long = String(repeating: "Ä", count: 5000)
        let request = try request(.discord, SampleEvents.event(city: City(name: long, latitude: 0, longitude: 0)))
        let body = try #require(try SampleEvents.json(request.body) as? [String: Any])
        #expect((body["content"] as? String)!.utf16.count <= 2000)
        let embed = try #require((body["embeds"] as? [[String: Any]])?.first)
        let title = try #require(embed["title"] as? String)
        #expect(title.utf16.count <= 256)
        #expect(title.hasSuffix("…"))
        let fields = embed["fields"] as? [[String: Any]] ?? []
        let total = [title, embed["description"] as? String ?? "", (embed["footer"] as? [String: Any])?["text"] as? String ?? ""]
            .map(\.utf16.count).reduce(0, +)
            + fields.map { (($0["name"] as? String) ?? "").utf16.count + (($0["value"] as? String) ?? "").utf16.count }.reduce(0, +)
        #expect(total <= 6000)
    }

    @Test(arguments: [
        (AlertEventKind.firing, Band.good, 3), (.firing, .slightlyHigh, 3), (.firing, .unhealthyForSensitiveGroups, 4),
        (.escalated, .unhealthy, 5), (.reminder, .hazardous, 5), (.resolved, .good, 2), (.test, .hazardous, 3),
    ])
    func ntfyPriorityFollowsTheBand(kind: AlertEventKind, band: Band, priority: Int) throws {
        let request = try request(.ntfy, SampleEvents.event(kind, band: band))
        #expect(request.headers.value("Priority") == String(priority))
    }

    @Test func ntfySendsPlainTextWithAnEncodedTitle() throws {
        let zurich = City(name: "Zürich", latitude: 47.37, longitude: 8.54)
        let request = try request(.ntfy, SampleEvents.event(city: zurich, band: .veryUnhealthy))
        #expect(request.url == "https://hooks.example.com/T0/B1/xyz")
        #expect(request.headers.value("Content-Type") == "text/plain; charset=utf-8")
        #expect(request.headers.value("Tags") == "rotating_light,very-unhealthy")
        let title = try #require(request.headers.value("Title"))
        #expect(title.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F })
        #expect(title.hasPrefix("=?UTF-8?B?"))
        let decoded = title.split(separator: " ").map { word -> String in
            let base64 = word.dropFirst("=?UTF-8?B?".count).dropLast(2)
            return String(decoding: Data(base64Encoded: String(base64))!, as: UTF8.self)
        }.joined()
        #expect(decoded == "Zürich: Very Unhealthy 🚨 (AQI 162)")
        let text = String(decoding: request.body ?? [], as: UTF8.self)
        #expect(text.hasPrefix("Air quality in Zürich"))
        #expect(text.contains("PM2.5: 93 µg/m³ — Unhealthy"))
    }

    @Test func ntfyTitleInPlainASCIIStaysReadable() throws {
        let request = try request(.ntfy, SampleEvents.event(aqi: nil, band: nil))
        #expect(request.headers.value("Title") == "Paris: no AQI")
    }
}
