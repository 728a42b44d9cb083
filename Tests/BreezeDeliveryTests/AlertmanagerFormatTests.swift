import BreezeAlerts
import BreezeConfig
import BreezeDelivery
import BreezeHTTP
import BreezeTestSupport
import BreezeModel
import Foundation
import BreezeVocabulary
import Testing

/// Alertmanager's API v2 alerts: path, labels that identify one alert, and its lifetime.
struct AlertmanagerFormatTests {
    private func alerts(_ event: AlertEvent, url: String = "http://127.0.0.1:9093", now: Instant = SampleEvents.createdAt)
        throws -> (url: String, alerts: [[String: Any]])
    {
        let receiver = WebhookReceiver(
            configuration: WebhookConfiguration(name: "am", url: url, format: .alertmanager),
            transport: RecordingTransport(outcomes: [.success(HTTPResponse(status: 200))]),
            firingLifetime: .seconds(3600))
        #expect(receiver.refreshesWhileFiring)
        let request = try receiver.request(for: event, at: now).get()
        return (request.url, try #require(try SampleEvents.json(request.body) as? [[String: Any]]))
    }

    @Test(arguments: [
        "http://127.0.0.1:9093", "http://127.0.0.1:9093/", "http://127.0.0.1:9093/api/v2/alerts",
        "http://127.0.0.1:9093/api/v2/alerts/",
    ])
    func pathIsAppendedOnce(url: String) throws {
        #expect(try alerts(SampleEvents.event(), url: url).url == "http://127.0.0.1:9093/api/v2/alerts")
    }

    @Test func firingAlertHasIdentityLabelsAndAnExpiry() throws {
        let sent = try alerts(SampleEvents.event(.firing, band: .veryUnhealthy)).alerts
        #expect(sent.count == 1)
        let labels = try #require(sent[0]["labels"] as? [String: String])
        #expect(labels == ["alertname": "AirQuality", "city": "Paris", "band": "very-unhealthy", "severity": "critical"])
        let annotations = try #require(sent[0]["annotations"] as? [String: String])
        #expect(annotations["summary"]?.hasPrefix("Air quality in Paris") == true)
        #expect(annotations["description"] == Band.veryUnhealthy.healthTips.joined(separator: " "))
        #expect(sent[0]["startsAt"] as? String == "2026-08-20T14:05:00Z")
        #expect(sent[0]["endsAt"] as? String == "2026-08-20T15:05:00Z")
    }

    @Test func escalationResolvesThePreviousBandsAlert() throws {
        let sent = try alerts(SampleEvents.event(.escalated, band: .unhealthy, previousBand: .unhealthyForSensitiveGroups), now: SampleEvents.createdAt + .seconds(10)).alerts
        #expect(sent.count == 2)
        let old = try #require(sent[0]["labels"] as? [String: String])
        #expect(old["band"] == "unhealthy-for-sensitive-groups")
        // The old band ended when the escalation happened, not when it was delivered.
        #expect(sent[0]["endsAt"] as? String == "2026-08-20T14:05:00Z")
        let new = try #require(sent[1]["labels"] as? [String: String])
        #expect(new["band"] == "unhealthy")
        #expect(new["severity"] == "warning")
        #expect(sent[1]["endsAt"] as? String == "2026-08-20T15:05:10Z")
    }

    @Test func reminderAndResolveUseTheAnnouncedBand() throws {
        let reminder = try alerts(SampleEvents.event(.reminder, band: .unhealthyForSensitiveGroups, previousBand: .unhealthy)).alerts
        #expect((reminder[0]["labels"] as? [String: String])?["band"] == "unhealthy")
        let resolved = try alerts(SampleEvents.event(.resolved, band: .good, previousBand: .unhealthy), now: SampleEvents.createdAt + .seconds(1)).alerts
        #expect(resolved.count == 1)
        #expect((resolved[0]["labels"] as? [String: String])?["band"] == "unhealthy")
        // It ended when it resolved, however late the resolve is delivered.
        #expect(resolved[0]["endsAt"] as? String == "2026-08-20T14:05:00Z")
    }

    @Test func testEventIsNotTheRealAlert() throws {
        let sent = try alerts(SampleEvents.event(.test, band: .good, previousBand: nil)).alerts
        #expect((sent[0]["labels"] as? [String: String])?["alertname"] == "AirQualityTest")
        #expect(sent[0]["endsAt"] as? String == "2026-08-20T14:10:00Z")
    }
}
