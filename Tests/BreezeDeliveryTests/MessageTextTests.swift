import BreezeAlerts
import BreezeConfig
import BreezeDelivery
import BreezeHTTP
import BreezeTestSupport
import BreezeModel
import Foundation
import Testing
import BreezeVocabulary

/// What people read, made at delivery time from the event and the attempt's clock: the city
/// with its region and country, local times with the zone, a note when late, and an episode
/// that was over before it could be delivered told as such.
struct MessageTextTests {
    static let paris = City(
        name: "Paris", country: "France", admin1: "Île-de-France", latitude: 48.8566, longitude: 2.3522,
        timeZone: "Europe/Paris")
    static let createdAt = SampleEvents.createdAt

    private func request(
        _ format: WebhookFormat, _ event: AlertEvent, at now: Instant = createdAt + .seconds(5), timeZone: String? = nil
    ) throws -> HTTPRequest {
        let configuration = WebhookConfiguration(
            name: "ops", url: "http://127.0.0.1:9/hook", format: format, delivery: DeliverySettings(timeZone: timeZone))
        let receiver = WebhookReceiver(
            configuration: configuration, transport: RecordingTransport(outcomes: [.success(HTTPResponse(status: 200))]))
        return try receiver.request(for: event, at: now).get()
    }

    private func text(_ request: HTTPRequest) -> String { String(decoding: request.body ?? [], as: UTF8.self) }

    /// A resolve standing for an episode the receiver never heard of: it began 42 min earlier.
    private func unannouncedResolve() -> AlertEvent {
        var event = SampleEvents.event(.resolved, city: Self.paris, aqi: 40, band: .good, previousBand: .unhealthy)
        event.unannounced = UnannouncedEpisode(startedAt: Self.createdAt - .seconds(2520), band: .unhealthy)
        return event
    }

    @Test func regionAndCountryGoWithTheNameInEveryText() throws {
        let event = SampleEvents.event(city: Self.paris)
        let place = "Paris, Île-de-France, France"
        #expect(event.message.hasPrefix("Air quality in \(place): AQI 162"))
        let ntfy = try request(.ntfy, event)
        #expect(text(ntfy).hasPrefix("Air quality in \(place): AQI 162"))
        let slack = try #require(try SampleEvents.json(try request(.slack, event).body) as? [String: Any])
        #expect((slack["text"] as? String)?.hasPrefix("Air quality in \(place)") == true)
        let discord = try #require(try SampleEvents.json(try request(.discord, event).body) as? [String: Any])
        let embed = try #require((discord["embeds"] as? [[String: Any]])?.first)
        #expect(embed["title"] as? String == "\(place): Unhealthy 😨 (AQI 162)")

        let json = try #require(try SampleEvents.json(try request(.json, event).body) as? [String: Any])
        let city = try #require((json["data"] as? [String: Any])?["city"] as? [String: Any])
        #expect(city["name"] as? String == "Paris")
        #expect(city["displayName"] as? String == place)
        #expect(city["country"] as? String == "France")
        #expect(city["region"] as? String == "Île-de-France")
        #expect(city["timeZone"] as? String == "Europe/Paris")

        let alerts = try #require(try SampleEvents.json(try request(.alertmanager, event).body) as? [[String: Any]])
        let annotations = try #require(alerts.first?["annotations"] as? [String: String])
        #expect(annotations["country"] == "France")
        #expect(annotations["region"] == "Île-de-France")
        #expect(annotations["summary"]?.hasPrefix("Air quality in \(place)") == true)
        // Labels identify the alert: unchanged by Country= and Region=.
        #expect((alerts.first?["labels"] as? [String: String])?["city"] == "Paris")
    }

    @Test func aCityWithoutCountryOrRegionHasNullsInTheJSON() throws {
        let json = try #require(try SampleEvents.json(try request(.json, SampleEvents.event()).body) as? [String: Any])
        let city = try #require((json["data"] as? [String: Any])?["city"] as? [String: Any])
        #expect(city["country"] is NSNull)
        #expect(city["region"] is NSNull)
        #expect(city["displayName"] as? String == "Paris")
    }

    @Test func timesAreInTheCitysZoneElseTheReceiversWithTheAbbreviation() throws {
        // Observed 14:00 UTC: 16:00 in Paris.
        #expect(text(try request(.ntfy, SampleEvents.event(city: Self.paris))).hasSuffix("Observed 16:00 CEST"))
        let nowhere = City(name: "Somewhere", latitude: 35.68, longitude: 139.65)
        let tokyo = try request(.ntfy, SampleEvents.event(city: nowhere), timeZone: "Asia/Tokyo")
        #expect(text(tokyo).hasSuffix("Observed 23:00 JST"))
        // The city's own zone wins over the receiver's.
        let paris = try request(.ntfy, SampleEvents.event(city: Self.paris), timeZone: "Asia/Tokyo")
        #expect(text(paris).hasSuffix("Observed 16:00 CEST"))
        // Machine fields stay RFC 3339 UTC.
        let json = try #require(try SampleEvents.json(try request(.json, SampleEvents.event(city: Self.paris)).body) as? [String: Any])
        #expect((json["data"] as? [String: Any])?["observedAt"] as? String == "2026-08-20T14:00:00Z")
    }

    @Test func aLateNoticeSaysWhenItWasSeenAndHowLate() throws {
        let event = SampleEvents.event(city: Self.paris)
        let onTime = try request(.ntfy, event, at: Self.createdAt + .seconds(600))
        #expect(!text(onTime).contains("delayed"))
        let late = try request(.ntfy, event, at: Self.createdAt + .seconds(2520))
        #expect(text(late).hasPrefix("Air quality in Paris, Île-de-France, France: AQI 162, Unhealthy 😨 (was Moderate)"))
        #expect(text(late).contains("(seen 16:05 CEST, delayed 42 min)"))
        let slack = try #require(try SampleEvents.json(try request(.slack, event, at: Self.createdAt + .seconds(7500)).body) as? [String: Any])
        #expect((slack["text"] as? String)?.hasSuffix("(seen 16:05 CEST, delayed 2 h 5 min)") == true)
        let nextDay = try request(.discord, event, at: Self.createdAt + .seconds(90_000))
        let discord = try #require(try SampleEvents.json(nextDay.body) as? [String: Any])
        #expect((discord["content"] as? String)?.hasSuffix("(seen Yesterday 16:05 CEST, delayed 1 d 1 h)") == true)
        // The JSON body stays the same bytes on every attempt: lateness is webhook-timestamp's.
        #expect(try request(.json, event, at: Self.createdAt + .seconds(5)).body == (try request(.json, event, at: Self.createdAt + .seconds(9000)).body))
        // A test alert is never "late".
        #expect(!text(try request(.ntfy, SampleEvents.event(.test), at: Self.createdAt + .seconds(9000))).contains("delayed"))
    }

    @Test func anEpisodeOverBeforeDeliveryIsToldAsOverAtLowPriority() throws {
        let event = unannouncedResolve()
        let ntfy = try request(.ntfy, event, at: Self.createdAt + .seconds(60))
        #expect(ntfy.headers.value("Priority") == "2")
        #expect(ntfy.headers.value("Tags") == "white_check_mark,good")
        #expect(text(ntfy).hasPrefix(
            "Air quality in Paris, Île-de-France, France was Unhealthy 😨 15:23–16:05 CEST, now resolved: AQI 40, Good 😊"))

        let alerts = try #require(try SampleEvents.json(try request(.alertmanager, event, at: Self.createdAt + .seconds(60)).body) as? [[String: Any]])
        #expect(alerts.count == 1)
        // Arrives already over: it started with the episode and ended when it resolved.
        #expect(alerts[0]["startsAt"] as? String == "2026-08-20T13:23:00Z")
        #expect(alerts[0]["endsAt"] as? String == "2026-08-20T14:05:00Z")

        let json = try #require(try SampleEvents.json(try request(.json, event).body) as? [String: Any])
        let data = try #require(json["data"] as? [String: Any])
        let episode = try #require(data["unannounced"] as? [String: Any])
        #expect(episode["startedAt"] as? String == "2026-08-20T13:23:00Z")
        #expect(episode["endedAt"] as? String == "2026-08-20T14:05:00Z")
        #expect((episode["band"] as? [String: Any])?["slug"] as? String == "unhealthy")
        #expect((data["message"] as? String)?.contains("was Unhealthy 😨 15:23–16:05 CEST, now resolved") == true)
        #expect(json["type"] as? String == "breeze.alert.resolved")
    }

    @Test func anOrdinaryResolveHasNoEpisode() throws {
        let json = try #require(try SampleEvents.json(try request(.json, SampleEvents.event(.resolved, band: .good)).body) as? [String: Any])
        #expect((json["data"] as? [String: Any])?["unannounced"] is NSNull)
    }
}

/// The email receiver's message, made for each attempt.
struct EmailMessageTextTests {
    func message(_ event: AlertEvent, at now: Instant, timeZone: String? = nil) -> String {
        let receiver = EmailReceiver(
            configuration: EmailConfiguration(
                name: "mail", to: ["ops@example.com"], from: "breezed@example.com", spool: "/nonexistent",
                delivery: DeliverySettings(timeZone: timeZone)),
            hostname: "sensor-host")
        return receiver.message(for: event, at: now)
    }

    /// The body decoded from quoted-printable (soft breaks joined, `=XX` as bytes).
    func body(_ message: String) -> String {
        let encoded = message.components(separatedBy: "\n\n").dropFirst().joined(separator: "\n\n")
            .replacingOccurrences(of: "=\n", with: "")
        var bytes: [UInt8] = []
        var index = encoded.utf8.startIndex
        let utf8 = encoded.utf8
        while index < utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "="), let end = utf8.index(index, offsetBy: 3, limitedBy: utf8.endIndex),
                let value = UInt8(String(decoding: utf8[utf8.index(after: index)..<end], as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                index = end
            } else {
                bytes.append(byte)
                index = utf8.index(after: index)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func aLateEmailSaysSoInItsBodyWithTheFullPlaceName() {
        let event = SampleEvents.event(city: MessageTextTests.paris)
        let text = body(message(event, at: SampleEvents.createdAt + .seconds(2520)))
        #expect(text.hasPrefix("Air quality in Paris, Île-de-France, France: AQI 162"))
        #expect(text.contains("City: Paris, Île-de-France, France (48.8566, 2.3522)"))
        #expect(text.contains("Observed: 16:00 CEST"))
        #expect(text.contains("Sent late: seen 16:05 CEST, delayed 42 min"))
        let onTime = body(message(event, at: SampleEvents.createdAt + .seconds(60)))
        #expect(!onTime.contains("Sent late"))
    }

    @Test func anEpisodeOverBeforeDeliveryIsToldAsSuch() {
        var event = SampleEvents.event(.resolved, city: MessageTextTests.paris, aqi: 40, band: .good, previousBand: .unhealthy)
        event.unannounced = UnannouncedEpisode(startedAt: SampleEvents.createdAt - .seconds(2520), band: .unhealthy)
        let text = body(message(event, at: SampleEvents.createdAt + .seconds(30)))
        #expect(text.contains("An alert came and went before it could be sent: the air was Unhealthy 15:23–16:05 CEST and is back to Good."))
    }

    @Test func aCityWithoutAZoneUsesTheReceiversZone() {
        let somewhere = City(name: "Somewhere", latitude: 35.68, longitude: 139.65)
        let text = body(message(SampleEvents.event(city: somewhere), at: SampleEvents.createdAt, timeZone: "Asia/Tokyo"))
        #expect(text.contains("Observed: 23:00 JST"))
    }
}
