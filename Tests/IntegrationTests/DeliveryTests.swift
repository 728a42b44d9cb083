import BreezeTestSupport
import Foundation
import Testing

/// The real `breezed` delivering to the webhook fixture: retries while the receiver is down,
/// and nothing lost across a `kill -9`.
struct DeliveryTests {
    func configuration(_ server: OpenMeteoServer, webhook: WebhookReceiverServer) throws -> (path: String, state: String) {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-state-\(UUID().uuidString)").path
        let path = try server.alertingConfiguration(
            cities: [DaemonTests.paris, DaemonTests.tokyo], state: state,
            receivers: """
                [Webhook "ops"]
                URL=\(webhook.url)
                RetryInitialDelay=200ms
                """)
        return (path, state)
    }

    /// Both cities at `aqi`.
    func setAQI(_ server: OpenMeteoServer, _ aqi: Int) throws {
        let locations = [DaemonTests.paris, DaemonTests.tokyo].map { _, latitude, longitude in
            #"{"latitude":\#(latitude),"longitude":\#(longitude),"current":{"us_aqi":\#(aqi),"pm2_5":\#(Double(aqi) / 2),"us_aqi_pm2_5":\#(aqi)}}"#
        }
        try server.control("readings", #"{"locations":[\#(locations.joined(separator: ","))]}"#)
    }

    func pendingFiles(_ state: String) -> [String] {
        let folder = state + "/outbox/ops"
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    @Test func aReceiverDownUntilTheAirClearedGetsOneResolvePerCityNotTheStaleFirings() throws {
        let server = try OpenMeteoServer()
        defer { server.stop() }
        let webhook = try WebhookReceiverServer()
        defer { webhook.stop() }
        try webhook.respond(#"{"responses":[{"status":503,"count":6,"body":"down"}]}"#)
        let (path, state) = try configuration(server, webhook: webhook)
        try setAQI(server, 170)
        let daemon = try DaemonProcess(arguments: ["--config", path, "--log", "stderr"], environment: [:])
        #expect(daemon.waitForLog("BREEZE_EVENT=firing"))
        // While the receiver fails, the air clears: resolved events queue behind the firing ones.
        try setAQI(server, 20)
        daemon.signal(SIGUSR1)
        #expect(daemon.waitForLog("BREEZE_EVENT=resolved"))
        // The firings never got through before the air cleared: each city gets one resolve
        // telling of the episode, not an alert for air that is fine followed by the all-clear.
        let delivered = webhook.waitFor { $0.filter { $0.status == 200 }.count >= 2 }
        #expect(delivered)
        _ = eventually(every: 0.1) { pendingFiles(state).isEmpty }
        let recorded = try webhook.deliveries()
        let successes = recorded.filter { $0.status == 200 }.map(\.id)
        // Required: a failure here must not go on to index an empty list and crash the run.
        try #require(successes.count == 2)
        #expect(successes.map { $0.components(separatedBy: "-").last! } == ["resolved", "resolved"])
        #expect(successes[0].hasPrefix("paris-") && successes[1].hasPrefix("tokyo-"))
        let bodies = try webhook.requests().filter { $0["answered"] as? Int == 200 }
            .compactMap { ($0["json"] as? [String: Any])?["data"] as? [String: Any] }
        #expect(bodies.count == 2)
        #expect(bodies.allSatisfy { ($0["unannounced"] as? [String: Any])?["startedAt"] is String })
        // Every failed attempt was Paris's, the head of the queue: its firing, then the resolve
        // that took its place; Tokyo waited behind.
        let failed = recorded.filter { $0.status == 503 }.map(\.id)
        #expect(failed.count == 6)
        #expect(failed.first?.hasSuffix("-firing") == true)
        #expect(failed.allSatisfy { $0.hasPrefix("paris-") }, "\(recorded)")
        #expect(daemon.log.contains("the episode resolved before it could be delivered"))
        // The failure was logged once per entry, not on every retry.
        #expect(daemon.log.components(separatedBy: "BREEZE_EVENT=delivery-failed").count - 1 <= 2)
        #expect(daemon.log.contains("BREEZE_EVENT=delivered"))
        #expect(eventually(every: 0.1) { pendingFiles(state).isEmpty })
        daemon.signal(SIGTERM)
        #expect(daemon.waitForExit() == 0)
    }

    @Test func killNineMidDeliveryLosesNothing() throws {
        let server = try OpenMeteoServer()
        defer { server.stop() }
        let webhook = try WebhookReceiverServer()
        defer { webhook.stop() }
        try webhook.respond(#"{"responses":[{"status":200,"delay":5,"count":2}]}"#)
        let (path, state) = try configuration(server, webhook: webhook)
        try setAQI(server, 170)
        let first = try DaemonProcess(arguments: ["--config", path, "--log", "stderr"], environment: [:])
        // The first delivery is in flight: the receiver holds it.
        #expect(webhook.waitFor(seconds: 20) { $0.count >= 1 })
        #expect(pendingFiles(state).count == 2)
        kill(first.process.processIdentifier, SIGKILL)
        first.process.waitUntilExit()
        let firing = try webhook.deliveries().map(\.id)

        let second = try DaemonProcess(arguments: ["--config", path, "--log", "stderr"], environment: [:])
        #expect(webhook.waitFor(seconds: 30) { Set($0.dropFirst().map(\.id)).count >= 2 })
        #expect(eventually(every: 0.1) { pendingFiles(state).isEmpty })
        let ids = try webhook.deliveries().map(\.id)
        // The interrupted event came again, with its id; the second followed it; the restart
        // fired nothing new (the state knew the alerts were out).
        #expect(ids.first == firing.first)
        #expect(Set(ids).count == 2)
        #expect(ids.allSatisfy { $0.hasSuffix("-firing") })
        second.signal(SIGTERM)
        #expect(second.waitForExit() == 0)
    }

    @Test func onceLeavesFailuresInTheOutboxAndStatusShowsThem() throws {
        let server = try OpenMeteoServer()
        defer { server.stop() }
        let webhook = try WebhookReceiverServer()
        defer { webhook.stop() }
        // Paris's firing is refused for good (400: to dead/); Tokyo's is retried (503).
        try webhook.respond(#"{"responses":[{"status":400,"body":"bad"},{"status":503,"count":1}]}"#)
        let (path, state) = try configuration(server, webhook: webhook)
        try setAQI(server, 170)
        let once = try Binaries.run(Binaries.breezed, ["--config", path, "--once", "--log", "stderr"])
        #expect(once.status == 0)
        #expect(once.standardOutput.contains("2 alert events\n1 delivery left in the outbox for the daemon\n"))
        #expect(once.standardError.contains("gave up delivering alert paris-"))
        #expect(pendingFiles(state).count == 1 && pendingFiles(state)[0].hasSuffix("-firing.json"))

        let text = try Binaries.run(Binaries.breezectl, ["status", "--config", path])
        #expect(text.standardOutput.contains("Deliveries: 1 pending, 1 given up (in dead/)"))
        #expect(text.standardOutput.contains("ops       1        "))
        let json = try Binaries.run(Binaries.breezectl, ["status", "--config", path, "--json"])
        let document = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as! [String: Any]
        let deliveries = document["deliveries"] as! [String: Any]
        #expect(deliveries["pending"] as? Int == 1)
        #expect(deliveries["dead"] as? Int == 1)
        let receivers = deliveries["receivers"] as! [[String: Any]]
        #expect(receivers.first?["name"] as? String == "ops")
        #expect((receivers.first?["lastError"] as? String)?.contains("503") == true)

        // The next run delivers what was left (Tokyo's firing, same id) and fires nothing new,
        // once its retry is due (RetryInitialDelay=200ms after the failure, with jitter).
        let name = try #require(pendingFiles(state).first)
        let left = try Data(contentsOf: URL(fileURLWithPath: state + "/outbox/ops/" + name))
        let entry = try #require(try JSONSerialization.jsonObject(with: left) as? [String: Any])
        let due = try #require(entry["nextAttemptAt"] as? Double)
        #expect(eventually { Date().timeIntervalSince1970 >= due })
        let again = try Binaries.run(Binaries.breezed, ["--config", path, "--once"])
        #expect(again.standardOutput.contains("0 alert events\n"))
        #expect(pendingFiles(state).isEmpty)
        let ids = try webhook.deliveries().map(\.id)
        #expect(ids.count == 3 && ids[1] == ids[2] && ids[1].hasPrefix("tokyo-"))
    }
}
