import BreezeTestSupport
import Foundation
import Testing

/// The real `breezed` against a webhook that redirects to another host: nothing reaches the
/// other host, the attempt fails with where it pointed, and the alert stays in the outbox
/// until the receiver answers itself.
struct RedirectTests {
    @Test(arguments: [301, 307])
    func aRedirectingReceiverGetsRetriedAndTheOtherHostGetsNothing(status: Int) throws {
        let server = try OpenMeteoServer()
        defer { server.stop() }
        let webhook = try WebhookReceiverServer()
        defer { webhook.stop() }
        let elsewhere = try WebhookReceiverServer()
        defer { elsewhere.stop() }
        let target = elsewhere.baseURL + "/v2/receiver"
        try webhook.respond([["status": status, "count": 2, "headers": ["Location": target]]])
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-state-\(UUID().uuidString)").path
        let path = try server.alertingConfiguration(
            cities: [DaemonTests.paris], state: state,
            receivers: """
                [Webhook "ops"]
                URL=\(webhook.url)
                Header=Authorization: Bearer header-token
                RetryInitialDelay=200ms
                """)
        try server.control(
            "readings",
            #"{"locations":[{"latitude":48.8566,"longitude":2.3522,"current":{"us_aqi":170,"pm2_5":85,"us_aqi_pm2_5":170}}]}"#)
        let daemon = try DaemonProcess(arguments: ["--config", path, "--log", "stderr"], environment: [:])
        defer { _ = daemon.waitForExit(seconds: 0) }
        // Two redirects, then the receiver answers 200 itself: the third attempt delivers.
        #expect(webhook.waitFor { $0.contains { $0.status == 200 } })
        let attempts = try webhook.deliveries()
        #expect(attempts.map(\.status) == [status, status, 200])
        #expect(Set(attempts.map(\.id)).count == 1)
        #expect(try elsewhere.requests().isEmpty)
        #expect(daemon.waitForLog("BREEZE_EVENT=delivered"))
        #expect(daemon.log.contains(
            "HTTP \(status) from 127.0.0.1:\(webhook.port) to \(target): redirects are not followed, update URL="))
        daemon.signal(SIGTERM)
        #expect(daemon.waitForExit() == 0)
    }
}

/// A receiver that takes the alert and answers 200 with a body over the transport's 32 MiB
/// cap: that is a delivery (the body is read and dropped), not a failure retried for ever.
struct OversizedSuccessTests {
    @Test func aSuccessWithAHugeBodyIsDelivered() throws {
        let webhook = try WebhookReceiverServer()
        defer { webhook.stop() }
        try webhook.respond([["status": 200, "body_bytes": 33 << 20]])
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-oversized-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/breezed.conf"
        let text = "[Breeze]\nStateDirectory=\(folder)/state\n[City \"Paris\"]\nLatitude=48.85\nLongitude=2.35\n"
            + "[Webhook \"ops\"]\nURL=\(webhook.url)\nTimeout=20s\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let result = try Binaries.run(Binaries.breezectl, ["test-alert", "--config", path])
        #expect(result.standardOutput == "ops: delivered\n", "\(result.standardError)")
        #expect(result.status == 0)
        #expect(try webhook.requests().count == 1)
    }
}
