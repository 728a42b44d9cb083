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

/// A daily digest in every format: the headline first, the cities needing attention before
/// the rest, numbers as numbers, and every message within its service's limits however many
/// cities and whatever their names.
struct DigestFormatTests {
    static let createdAt: Instant = 1_796_110_200  // 2026-12-01T07:30:00Z

    static func paris() -> DigestCity {
        var city = DigestCity(city: City(name: "Paris", country: "France", latitude: 48.8566, longitude: 2.3522, timeZone: "Europe/Paris"))
        city.aqi = 42
        city.band = .good
        city.observedAt = "08:00 CET"
        city.forecastPeakAQI = 55
        city.forecastPeakBand = .moderate
        city.forecastDominant = .pm2_5
        city.forecastPeakFrom = "11:00"
        city.forecastPeakUntil = "18:00"
        city.pollen = [.birch: .low, .grass: .moderate]
        city.uvMaximum = 2.14
        city.climate = "3.1 °C warmer than this day in 1980"
        city.threshold = 101
        return city
    }

    static func alerting() -> DigestCity {
        var city = DigestCity(city: City(name: "Lyon", latitude: 45.76, longitude: 4.84))
        city.aqi = 162
        city.band = .unhealthy
        city.openAlerts = ["AQI: Unhealthy 😨 since 02:10 CET"]
        city.threshold = 101
        return city
    }

    static func event(_ cities: [DigestCity], receiver: String = "ops") -> AlertEvent {
        var event = AlertEvent(
            id: EventIdentifier.digest(receiver: receiver, day: "2026-12-01"), kind: .digest,
            city: City(name: "", latitude: 0, longitude: 0), aqi: nil, band: nil, previousBand: nil,
            dominantPollutant: nil, concentrations: [:], pollutantsOverLimit: [], observedAt: ObservationTime(createdAt),
            createdAt: createdAt)
        event.digest = DigestDetails(day: "2026-12-01", receiver: receiver, cities: cities)
        return event
    }

    private func request(_ format: WebhookFormat, _ event: AlertEvent) throws -> HTTPRequest {
        let configuration = WebhookConfiguration(
            name: "ops", url: "https://hooks.example.com/T0/B1/xyz", format: format, secret: Secret("whsec_dGVzdA=="),
            headers: [], timeout: .seconds(7))
        let receiver = WebhookReceiver(
            configuration: configuration, transport: RecordingTransport(outcomes: [.success(HTTPResponse(status: 200))]),
            firingLifetime: .seconds(3600))
        return try receiver.request(for: event, at: Self.createdAt + .seconds(2)).get()
    }

    private func json(_ request: HTTPRequest) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(request.body ?? [])) as? [String: Any])
    }

    private func text(_ request: HTTPRequest) -> String { String(decoding: request.body ?? [], as: UTF8.self) }

    @Test func theIdIsStablePerReceiverAndDay() {
        #expect(EventIdentifier.digest(receiver: "ops", day: "2026-12-01") == EventIdentifier.digest(receiver: "ops", day: "2026-12-01"))
        #expect(EventIdentifier.digest(receiver: "ops", day: "2026-12-01").hasPrefix("digest-ops-"))
        #expect(EventIdentifier.digest(receiver: "ops", day: "2026-12-01").hasSuffix("-2026-12-01"))
        #expect(EventIdentifier.digest(receiver: "ops", day: "2026-12-01") != EventIdentifier.digest(receiver: "Ops", day: "2026-12-01"))
    }

    @Test func allClearSaysSoInOneLineFirst() throws {
        let event = Self.event([Self.paris()])
        #expect(event.message == "Air quality digest for Tue 1 Dec: all clear in 1 city")
        let ntfy = try request(.ntfy, event)
        let body = text(ntfy)
        #expect(body.hasPrefix("All clear in 1 city: Paris.\n\nParis, France\n• Now: AQI 42, Good 😊 (observed 08:00 CET)\n"))
        #expect(body.contains("• Today's forecast peak: AQI 55, Moderate 😐 (PM2.5), 11:00–18:00"))
        #expect(body.contains("• Alerts: none"))
        #expect(body.contains("• Pollen: Grass moderate, Birch low"))
        #expect(body.contains("• UV index: up to 2.1 today (low)"))
        #expect(body.contains("• Climate: 3.1 °C warmer than this day in 1980"))
        #expect(ntfy.headers.value("Title") == "Air quality digest for Tue 1 Dec: all clear in 1 city")
        #expect(ntfy.headers.value("Priority") == "2")
        #expect(ntfy.headers.value("Tags") == "newspaper,white_check_mark")
    }

    @Test func citiesNeedingAttentionComeFirst() throws {
        var unknown = DigestCity(city: City(name: "Nowhere", latitude: 1, longitude: 1))
        unknown.threshold = 101
        let event = Self.event([Self.paris(), unknown, Self.alerting()])
        let body = text(try request(.ntfy, event))
        #expect(body.hasPrefix("1 of 3 cities needs attention: Lyon.\n\nLyon: needs attention\n• Now: AQI 162, Unhealthy 😨\n"))
        #expect(body.contains("• Alerts: AQI: Unhealthy 😨 since 02:10 CET"))
        // Unknown stays unknown: no pollen line, no forecast line, never "none" for pollen.
        let nowhere = try #require(body.components(separatedBy: "\n\n").first { $0.hasPrefix("Nowhere") })
        #expect(nowhere == "Nowhere\n• Now: no reading\n• Alerts: none")
        #expect(try request(.ntfy, event).headers.value("Priority") == "3")
        // A forecast peak at the threshold needs attention too.
        var smoky = Self.paris()
        smoky.forecastPeakAQI = 120
        smoky.forecastPeakBand = .unhealthyForSensitiveGroups
        #expect(smoky.needsAttention)
    }

    @Test func jsonIsAStandardWebhookOfTypeBreezeDigest() throws {
        let event = Self.event([Self.paris(), Self.alerting()])
        let request = try request(.json, event)
        #expect(request.headers.value("webhook-id") == event.id)
        #expect(request.headers.value("webhook-signature")?.hasPrefix("v1,") == true)
        let body = try json(request)
        #expect(body["type"] as? String == "breeze.digest")
        #expect(body["timestamp"] as? String == "2026-12-01T07:30:00Z")
        let data = try #require(body["data"] as? [String: Any])
        #expect(data["day"] as? String == "2026-12-01")
        #expect(data["receiver"] as? String == "ops")
        #expect(data["allClear"] as? Bool == false)
        #expect(data["message"] as? String == "1 of 2 cities needs attention: Lyon.")
        let cities = try #require(data["cities"] as? [[String: Any]])
        #expect(cities.map { ($0["city"] as? [String: Any])?["name"] as? String } == ["Paris", "Lyon"])
        let paris = cities[0]
        #expect(paris["aqi"] as? Int == 42)
        #expect((paris["band"] as? [String: Any])?["slug"] as? String == "good")
        let forecast = try #require(paris["forecast"] as? [String: Any])
        #expect(forecast["aqi"] as? Int == 55)
        #expect(forecast["dominantPollutant"] as? String == "pm2_5")
        #expect(forecast["from"] as? String == "11:00" && forecast["until"] as? String == "18:00")
        #expect(paris["pollen"] as? [String: String] == ["birch": "low", "grass": "moderate"])
        #expect(paris["uvMaximum"] as? Double == 2.14)
        #expect(paris["needsAttention"] as? Bool == false)
        let lyon = cities[1]
        #expect(lyon["forecast"] is NSNull)
        #expect(lyon["pollen"] is NSNull)
        #expect(lyon["uvMaximum"] is NSNull)
        #expect(lyon["climate"] is NSNull)
        #expect(lyon["openAlerts"] as? [String] == ["AQI: Unhealthy 😨 since 02:10 CET"])
    }

    @Test func slackAndDiscordCarryTheHeadlineAndTheCities() throws {
        let event = Self.event([Self.paris(), Self.alerting()])
        let slack = try json(try request(.slack, event))
        #expect(slack["text"] as? String == "1 of 2 cities needs attention: Lyon.")
        let blocks = try #require(slack["blocks"] as? [[String: Any]])
        let texts = blocks.compactMap { ($0["text"] as? [String: Any])?["text"] as? String }
        // Plain text throughout (names are never markup): the title as a header, then the headline.
        #expect(blocks.first?["type"] as? String == "header")
        #expect(texts.first == "Air quality digest for Tue 1 Dec: 1 of 2 cities needs attention")
        #expect(texts[1] == "1 of 2 cities needs attention: Lyon.")
        #expect(texts[2].hasPrefix("Lyon: needs attention\n• Now: AQI 162"))
        #expect(texts[3].hasPrefix("Paris, France\n"))
        let discord = try json(try request(.discord, event))
        #expect(discord["content"] as? String == "1 of 2 cities needs attention: Lyon.")
        let embed = try #require((discord["embeds"] as? [[String: Any]])?.first)
        #expect(embed["title"] as? String == "Air quality digest for Tue 1 Dec: 1 of 2 cities needs attention")
        #expect((embed["description"] as? String)?.hasPrefix("**Lyon: needs attention**\n• Now: AQI 162") == true)
        #expect(embed["color"] as? Int == Int(Band.unhealthy.colourHex.dropFirst(), radix: 16))
    }

    /// 10,000 cities with 200-character names, 東京 and control characters: every message within
    /// its service's limits, the cities needing attention shown, the rest counted.
    @Test func tenThousandHostileCitiesStayWithinEveryLimit() throws {
        var cities: [DigestCity] = []
        for index in 0..<10_000 {
            var city = Self.paris()
            let name = index % 3 == 0 ? String(repeating: "東京", count: 100) : "City\u{1B}[31m\u{7}\n\(index)"
            city.city = City(name: name, latitude: 1, longitude: 1)
            cities.append(city)
        }
        cities[9_998].openAlerts = ["AQI: Unhealthy 😨"]
        let event = Self.event(cities)
        let ntfy = try request(.ntfy, event)
        let body = text(ntfy)
        #expect((ntfy.body ?? []).count <= 4096)
        #expect(!body.unicodeScalars.contains { $0.properties.generalCategory == .control && $0 != "\n" })
        #expect(body.hasPrefix(#"1 of 10,000 cities needs attention: City\x1B[31m\x07\n9998."#))
        #expect(body.contains("\n\n" + #"City\x1B[31m\x07\n9998: needs attention"# + "\n"))
        #expect(body.hasSuffix("more cities, all Good 😊"))

        let slack = try json(try request(.slack, event))
        let blocks = try #require(slack["blocks"] as? [[String: Any]])
        #expect(blocks.count <= 50)
        for block in blocks {
            let text = ((block["text"] as? [String: Any])?["text"] as? String) ?? ""
            #expect(text.count <= 3000)
        }

        let discord = try json(try request(.discord, event))
        #expect((discord["content"] as? String ?? "").utf16.count <= 2000)
        let embed = try #require((discord["embeds"] as? [[String: Any]])?.first)
        let title = embed["title"] as? String ?? ""
        let description = embed["description"] as? String ?? ""
        let footer = (embed["footer"] as? [String: Any])?["text"] as? String ?? ""
        #expect(title.utf16.count <= 256 && description.utf16.count <= 4096 && footer.utf16.count <= 2048)
        #expect(title.utf16.count + description.utf16.count + footer.utf16.count <= 6000)
        #expect(footer.contains("more cities"))

        let data = try #require(try json(try request(.json, event))["data"] as? [String: Any])
        #expect((data["cities"] as? [Any])?.count == 10_000)
    }

    @Test func anEmailDigestIsAListThatParsesStrictly() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let receiver = EmailReceiver(
            configuration: EmailConfiguration(
                name: "family", to: ["family@example.com"], from: "breezed@example.com", spool: folder.path + "/mail",
                delivery: DeliverySettings(timeZone: "UTC")),
            hostname: "sensor-host")
        var tokyo = Self.paris()
        tokyo.city = City(name: "東京", latitude: 35.68, longitude: 139.65)
        #expect(receiver.deliver(Self.event([Self.paris(), Self.alerting(), tokyo], receiver: "family"), at: Self.createdAt) == .spooled(path: folder.path + "/mail"))
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path + "/mail/new").map { folder.path + "/mail/new/" + $0 }
        let report = try #require(try TemporaryFolder.checkMail(files).first)
        #expect(report["ok"] as? Bool == true, "\(report["error"] ?? "")")
        let headers = try #require(report["headers"] as? [String: String])
        #expect(headers["subject"] == "[Breeze] Air quality digest for Tue 1 Dec: 1 of 3 cities needs attention")
        let body = try #require(report["body"] as? String)
        #expect(body.hasPrefix("1 of 3 cities needs attention: Lyon.\n\nLyon: needs attention\n- Now: AQI 162, Unhealthy 😨\n"))
        #expect(body.contains("\n\n東京\n- Now: AQI 42, Good 😊 (observed 08:00 CET)\n"))
        #expect(!body.contains("  "), "no space-aligned columns")
        #expect(body.contains("Breeze on sensor-host, daily digest digest-family-"))
    }

    /// The digest rides the outbox as JSON: every field comes back as written.
    @Test func theDigestSurvivesTheOutboxEncoding() throws {
        let event = Self.event([Self.paris(), Self.alerting()])
        let bytes = try JSONValueEncoder.encode(event).bytes
        #expect(try JSONValueDecoder.decode(AlertEvent.self, from: bytes) == event)
    }
}
