import BreezeAlerts
import BreezeConfig
import BreezeHTTP
import BreezeModel
import BreezeTestSupport
import BreezeVocabulary
import Foundation
import Testing

@testable import BreezeDelivery
import BreezeOutboxValues

/// Pollen and UV events in every receiver's format, under quiet hours and in the outbox's
/// folding: each has its own words, and none is taken for an AQI alert.
struct ExposureFormatTests {
    static func pollen(_ kind: AlertEventKind = .firing, level: PollenLevel = .high, count: Double = 95, previous: PollenLevel? = nil) -> AlertEvent {
        var event = SampleEvents.event(kind, aqi: nil, band: nil, previousBand: nil, id: "paris-pollen-1787234400-1-\(kind.rawValue)")
        event.concentrations = [:]
        event.pollutantsOverLimit = []
        event.dominantPollutant = nil
        event.subject = .pollen
        event.pollen = PollenDetails(
            level: level, type: .birch, counts: [.birch: count, .grass: 3.5], threshold: .high, previousLevel: previous)
        event.thread = "paris-pollen-1787234400"
        return event
    }

    static func uv(_ kind: AlertEventKind = .firing, index: Double = 8.1, previous: UVBand? = nil) -> AlertEvent {
        var event = pollen(kind)
        event.id = "paris-uv-1787234400-1-\(kind.rawValue)"
        event.subject = .uv
        event.pollen = nil
        event.uv = UVDetails(index: index, threshold: 6, previousBand: previous)
        return event
    }

    private func request(_ format: WebhookFormat, _ event: AlertEvent) throws -> HTTPRequest {
        let receiver = WebhookReceiver(
            configuration: WebhookConfiguration(name: "ops", url: "http://127.0.0.1:9/hook", format: format),
            transport: RecordingTransport(outcomes: [.success(HTTPResponse(status: 200))]),
            firingLifetime: .seconds(3600))
        return try receiver.request(for: event, at: SampleEvents.createdAt + .seconds(5)).get()
    }

    private func text(_ request: HTTPRequest) -> String { String(decoding: request.body ?? [], as: UTF8.self) }

    @Test func messagesNameTheTypeLevelCountAndTheWHOBand() {
        #expect(Self.pollen().message == "Pollen in Paris: Birch pollen High (95 grains/m³)")
        #expect(Self.pollen(.escalated, level: .veryHigh, count: 1600, previous: .high).message
            == "Pollen in Paris: worse, Birch pollen Very High (1600 grains/m³) (was High)")
        #expect(Self.pollen(.resolved, level: .moderate, count: 40, previous: .high).message
            == "Pollen in Paris is back below High: Birch pollen Moderate (40 grains/m³)")
        #expect(Self.uv().message == "UV in Paris: today's maximum UV index 8.1, Very High")
        #expect(Self.uv(.resolved, index: 4.2, previous: .veryHigh).message == "UV in Paris is back below 6: today's maximum UV index 4.2, Moderate")
        #expect(Self.uv().tips == [UVBand.veryHigh.advice])
        #expect(Self.pollen().tips.count == 3 && Self.pollen(.resolved).tips.isEmpty)
        #expect(AlertText(Self.pollen(), now: SampleEvents.createdAt, receiverTimeZone: "UTC").title == "Paris: Birch pollen High (95 grains/m³)")
        #expect(AlertText(Self.uv(.escalated, index: 11.3), now: SampleEvents.createdAt, receiverTimeZone: "UTC").title == "Paris: UV worse, 11.3, Extreme")
    }

    @Test func standardWebhookTypeAndData() throws {
        for (event, type) in [(Self.pollen(), "breeze.pollen.firing"), (Self.uv(.resolved), "breeze.uv.resolved")] {
            let body = try #require(try SampleEvents.json(try request(.json, event).body) as? [String: Any])
            #expect(body["type"] as? String == type)
            let data = try #require(body["data"] as? [String: Any])
            #expect(data["subject"] as? String == event.about.rawValue)
            #expect(data["aqi"] is NSNull && data["band"] is NSNull)
        }
        let data = try #require((try SampleEvents.json(try request(.json, Self.pollen()).body) as? [String: Any])?["data"] as? [String: Any])
        let pollen = try #require(data["pollen"] as? [String: Any])
        #expect(pollen["level"] as? String == "high" && pollen["type"] as? String == "birch" && pollen["count"] as? Double == 95)
        #expect((pollen["counts"] as? [String: Double]) == ["birch": 95, "grass": 3.5])
        let uvData = try #require((try SampleEvents.json(try request(.json, Self.uv()).body) as? [String: Any])?["data"] as? [String: Any])
        let uv = try #require(uvData["uv"] as? [String: Any])
        #expect(uv["index"] as? Double == 8.1 && uv["band"] as? String == "very-high" && uv["threshold"] as? Int == 6)
        // An AQI event keeps its type and has neither member.
        let firing = try #require(try SampleEvents.json(try request(.json, SampleEvents.event()).body) as? [String: Any])
        #expect(firing["type"] as? String == "breeze.alert.firing")
        #expect((firing["data"] as? [String: Any])?["pollen"] == nil)
    }

    @Test func chatFormatsAndNtfy() throws {
        for format in [WebhookFormat.slack, .discord] {
            let body = text(try request(format, Self.pollen()))
            #expect(body.contains("Pollen in Paris: Birch pollen High (95 grains/m³)"), "\(format)")
            #expect(body.contains("Keep windows shut"), "\(format)")
            #expect(!body.contains("no AQI"), "\(format)")
        }
        let discord = try #require(try SampleEvents.json(try request(.discord, Self.uv()).body) as? [String: Any])
        #expect(((discord["embeds"] as? [[String: Any]])?.first?["color"] as? Int) == 0xD8001D)  // WHO very high: red
        let ntfy = try request(.ntfy, Self.uv())
        #expect(text(ntfy).hasPrefix("UV in Paris: today's maximum UV index 8.1, Very High\n\n• Avoid the midday sun"))
        #expect(ntfy.headers.value("Tags") == "sunny,uv,very-high")
        // Very High UV or pollen is ntfy's high priority (4); below it the default (3); a resolve low.
        #expect(ntfy.headers.value("Priority") == "4")
        #expect(try request(.ntfy, Self.uv(index: 6.2)).headers.value("Priority") == "3")
        #expect(try request(.ntfy, Self.uv(.resolved, index: 2)).headers.value("Priority") == "2")
        #expect(try request(.ntfy, Self.pollen()).headers.value("Priority") == "3")
        #expect(try request(.ntfy, Self.pollen(level: .veryHigh, count: 2000)).headers.value("Priority") == "4")
        #expect(try request(.ntfy, Self.pollen()).headers.value("Tags") == "blossom,pollen,high")
    }

    @Test func alertmanagerHasPollenAndUVIndexAlerts() throws {
        let fired = try #require(try SampleEvents.json(try request(.alertmanager, Self.pollen()).body) as? [[String: Any]])
        #expect(fired.count == 1)
        let labels = try #require(fired[0]["labels"] as? [String: String])
        #expect(labels == ["alertname": "Pollen", "city": "Paris", "severity": "warning"])
        #expect((fired[0]["annotations"] as? [String: String])?["pollen_type"] == "birch")
        let resolved = try #require(try SampleEvents.json(try request(.alertmanager, Self.pollen(.resolved)).body) as? [[String: Any]])
        #expect(resolved[0]["labels"] as? [String: String] == labels)
        #expect(resolved[0]["endsAt"] as? String == TimeText.rfc3339(SampleEvents.createdAt))
        let uv = try #require(try SampleEvents.json(try request(.alertmanager, Self.uv()).body) as? [[String: Any]])
        #expect((uv[0]["labels"] as? [String: String])?["alertname"] == "UVIndex")
        #expect((uv[0]["annotations"] as? [String: String])?["uv_band"] == "very-high")
    }

    @Test func emailSaysPollenOrUVNotAQI() {
        let addressing = MailAddressing(from: "breeze@example.com", to: ["ops@example.com"], subjectPrefix: "[Breeze]")
        let pollen = MailMessage(event: Self.pollen(), addressing: addressing, timeZone: "UTC", hostname: "host", now: SampleEvents.createdAt)
        #expect(pollen.subject == "[Breeze] Pollen in Paris: Birch pollen High (95 grains/m³)")
        #expect(pollen.body.contains("Pollen:    Birch pollen High (95 grains/m³); alert at High"))
        #expect(pollen.body.contains("Also:      Grass 3.5 grains/m³"))
        #expect(!pollen.body.contains("AQI"))
        let uv = MailMessage(event: Self.uv(), addressing: addressing, timeZone: "UTC", hostname: "host", now: SampleEvents.createdAt)
        #expect(uv.subject == "[Breeze] UV in Paris: today's maximum UV index 8.1, Very High")
        #expect(uv.body.contains("UV index:  8.1 today at most, Very High (WHO 8–10); alert at 6"))
    }

    /// A pollen event has no AQI band: quiet hours hold its firing (never urgent), not its resolve.
    @Test func quietHoursHoldPollenAndUVFirings() {
        let receiver = WebhookReceiver(
            configuration: WebhookConfiguration(
                name: "ops", url: "http://127.0.0.1:9",
                delivery: DeliverySettings(quietHours: QuietHours(start: 22 * 60, end: 7 * 60), timeZone: "UTC")),
            transport: RecordingTransport(outcomes: [.success(HTTPResponse(status: 200))]))
        let night = Instant(unixSeconds: 1_796_166_000)  // 2026-12-01T23:00:00Z
        for event in [Self.pollen(level: .veryHigh), Self.uv(index: 12)] {
            #expect(QuietHoursPolicy.holdUntil(event: event, receiver: receiver, now: night, cityTimeZone: nil) == night + .seconds(8 * 3600))
        }
        #expect(QuietHoursPolicy.holdUntil(event: Self.pollen(.resolved), receiver: receiver, now: night, cityTimeZone: nil) == nil)
    }

    /// A pollen resolve waiting behind an AQI firing does not fold it: they are other episodes.
    @Test func foldingKeepsSubjectsApart() {
        var aqiFiring = SampleEvents.event(.firing)
        aqiFiring.id = "paris-1-firing"
        let queue = [aqiFiring, Self.pollen(.resolved)].enumerated().map {
            OutboxEntry(event: $1, receiver: "ops", sequence: UInt64($0), createdAt: SampleEvents.createdAt)
        }
        #expect(EpisodeFolding.fold(queue, at: 0) == nil)
        let pollenQueue = [Self.pollen(), Self.pollen(.resolved, level: .low, count: 5, previous: .high)].enumerated().map {
            OutboxEntry(event: $1, receiver: "ops", sequence: UInt64($0), createdAt: SampleEvents.createdAt)
        }
        let fold = EpisodeFolding.fold(pollenQueue, at: 0)
        #expect(fold?.superseded.count == 1)
        #expect(fold.map { AlertText($0.resolve.event, now: SampleEvents.createdAt, receiverTimeZone: "UTC").sentence }?
            .hasPrefix("Pollen in Paris was High ") == true)
    }
}

/// Quiet hours keep each subject's order apart: a pollen firing held at night stays held
/// when an urgent AQI firing of the same city goes out, and does not hold the AQI resolve.
struct ExposureQuietHoursTests {
    @Test func anUrgentAQIAlertDoesNotTakeAHeldPollenAlertWithIt() {
        var pollen = entry(1)
        pollen.event.subject = .pollen
        pollen.event.band = nil
        let urgent = entry(2, kind: .firing, band: .hazardous)
        let selection = QuietHoursHold.select([pollen, urgent], now: 1000) { $0.event.band == .hazardous ? nil : 5000 }
        #expect(selection.next == 1)
        #expect(selection.result.kept[0].heldUntil == 5000 && !selection.result.kept[0].quietHoursWaived)
        let resolve = QuietHoursHold.select([pollen, entry(3, kind: .resolved)], now: 1000) { _ in 5000 }
        #expect(resolve.next == 1)
    }
}
