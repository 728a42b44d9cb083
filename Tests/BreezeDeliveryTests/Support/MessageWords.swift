import BreezeAlerts
import BreezeConfig
import BreezeDelivery
import BreezeHTTP
import BreezeModel
import BreezeTestSupport
import Foundation
import BreezeVocabulary
import Testing

/// Requests and parsed emails for the words tests (issue 16: what people read).
enum MessageWords {
    /// PM2.5 37.6 µg/m³ under an Unhealthy for Sensitive Groups band; NO₂ under Good's limit.
    static func sensitiveEvent(_ kind: AlertEventKind = .firing) -> AlertEvent {
        var event = SampleEvents.event(kind, aqi: 106, band: .unhealthyForSensitiveGroups, previousBand: .moderate)
        event.concentrations = [.pm2_5: 37.6, .no2: 20]
        return event
    }

    static func request(_ format: WebhookFormat, _ event: AlertEvent) throws -> HTTPRequest {
        let configuration = WebhookConfiguration(name: "ops", url: "http://127.0.0.1:9/hook", format: format)
        let receiver = WebhookReceiver(
            configuration: configuration, transport: RecordingTransport(outcomes: [.success(HTTPResponse(status: 200))]))
        return try receiver.request(for: event, at: SampleEvents.createdAt + .seconds(5)).get()
    }

    static func text(_ format: WebhookFormat, _ event: AlertEvent) throws -> String {
        String(decoding: try request(format, event).body ?? [], as: UTF8.self)
    }

    /// The email as Python's `email` parser reads it: headers (lower-case names) and body.
    static func mail(_ event: AlertEvent, subjectPrefix: String = "[Breeze]") throws -> (headers: [String: String], body: String) {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let receiver = EmailReceiver(
            configuration: EmailConfiguration(
                name: "mail", to: ["ops@example.com"], from: "breezed@example.com", spool: folder.path,
                subjectPrefix: subjectPrefix, delivery: DeliverySettings(timeZone: "Europe/Paris")),
            hostname: "sensor-host")
        #expect(receiver.deliver(event, at: SampleEvents.createdAt) == .spooled(path: folder.path))
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path + "/new").map { folder.path + "/new/" + $0 }
        let report = try #require(try TemporaryFolder.checkMail(files).first)
        #expect(report["ok"] as? Bool == true, "\(report["error"] ?? "")")
        return (report["headers"] as? [String: String] ?? [:], report["body"] as? String ?? "")
    }

}
