import BreezeTestSupport
import Foundation
import Testing

/// Files written while the clock ran a year ahead: an outbox entry does not block its
/// receiver, and a state from the future does not make a dead daemon look healthy.
struct FutureTimeTests {
    static let year = 365 * 86_400.0

    @Test func anEntryWrittenAYearAheadIsDeliveredNow() throws {
        let server = try OpenMeteoServer()
        defer { server.stop() }
        let webhook = try WebhookReceiverServer()
        defer { webhook.stop() }
        let state = NSTemporaryDirectory() + "breeze-future-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: state) }
        let path = try server.configuration(
            cities: [DaemonTests.paris],
            extra: "PollInterval=15min\nJitter=0\nStateDirectory=\(state)\n[Alert]\nConfirmAfter=1\n[Webhook \"ops\"]\nURL=\(webhook.url)\n")
        try OutboxFaultTests.setAQI(server, [DaemonTests.paris], 170)
        try webhook.respond(#"{"responses":[{"status":503}]}"#)
        let once = try Binaries.run(Binaries.breezed, ["--config", path, "--once"])
        #expect(once.standardOutput.contains("1 delivery left"), "\(once.standardOutput)")
        let folder = state + "/outbox/ops"
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: folder).first)
        let file = URL(fileURLWithPath: folder + "/" + name)
        var entry = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as! [String: Any]
        entry["createdAt"] = (entry["createdAt"] as! Double) + Self.year
        entry["nextAttemptAt"] = (entry["nextAttemptAt"] as! Double) + Self.year
        try JSONSerialization.data(withJSONObject: entry).write(to: file)

        let daemon = try DaemonProcess(arguments: ["--config", path, "--log", "stderr"], environment: [:])
        #expect(webhook.waitFor(seconds: 20) { $0.contains { $0.status == 200 } }, "\(daemon.log)")
        let ids = try webhook.deliveries().map(\.id)
        #expect(ids.count == 2 && ids[0] == ids[1])
        daemon.signal(SIGTERM)
        #expect(daemon.waitForExit() == 0)
    }

    @Test func aLastCycleInTheFutureIsStale() throws {
        let server = try OpenMeteoServer()
        defer { server.stop() }
        let state = NSTemporaryDirectory() + "breeze-future-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: state) }
        let path = try server.configuration(cities: [DaemonTests.paris], extra: "StateDirectory=\(state)\n")
        _ = try Binaries.run(Binaries.breezed, ["--config", path, "--once"])
        let healthy = try Binaries.run(Binaries.breezectl, ["status", "--config", path])
        #expect(healthy.status == 0)
        let file = URL(fileURLWithPath: state + "/state.json")
        var saved = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as! [String: Any]
        saved["lastCycleCompletedAt"] = Date().timeIntervalSince1970 + Self.year
        try JSONSerialization.data(withJSONObject: saved).write(to: file)
        let future = try Binaries.run(Binaries.breezectl, ["status", "--config", path, "--json"])
        #expect(future.status == 3)
        let document = try JSONSerialization.jsonObject(with: Data(future.standardOutput.utf8)) as! [String: Any]
        #expect(document["stale"] as? Bool == true)
        let text = try Binaries.run(Binaries.breezectl, ["status", "--config", path])
        #expect(text.status == 3)
        #expect(text.standardOutput.contains("that is in the future"))
    }
}
