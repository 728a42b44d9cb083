import BreezeTestSupport
import Foundation
import Testing

/// The real `breezed` with pollen and UV alerts against the fixture server and a json webhook:
/// Paris (in the pollen model's European domain) fires a pollen alert on high birch and a UV
/// alert on a high day's maximum, and resolves both when they fall; Tokyo, outside the domain,
/// gets one "no pollen data" record and never an event. The status page is off: the alerts
/// alone make the pollen-and-UV request run. It runs when the daemon starts (then every 3
/// hours), so each reading here is a start of the daemon on the state the last one saved.
struct PollenUVAlertTests {
    static let paris = (48.8566, 2.3522)
    static let tokyo = (35.6762, 139.6503)

    func configuration(_ server: OpenMeteoServer, webhook: WebhookReceiverServer, state: String) throws -> String {
        let text = """
            [Breeze]
            ApiURL=\(server.baseURL)
            GeocodingURL=\(server.baseURL)
            ArchiveURL=\(server.baseURL)
            Timeout=5s
            PollInterval=15min
            Jitter=0
            StateDirectory=\(state)
            ControlSocket=\(state).control
            [Web]
            Listen=
            [Alert]
            ConfirmAfter=1
            ForecastThreshold=off
            Threshold=hazardous
            [Webhook "ops"]
            URL=\(webhook.url)
            RetryInitialDelay=200ms
            [City "Paris"]
            Latitude=\(Self.paris.0)
            Longitude=\(Self.paris.1)
            PollenThreshold=high
            UVThreshold=6
            [City "Tokyo"]
            Latitude=\(Self.tokyo.0)
            Longitude=\(Self.tokyo.1)
            PollenThreshold=high

            """
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-pollen-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("breezed.conf")
        try Data(text.utf8).write(to: file)
        return file.path
    }

    /// Paris's pollen (birch `birch`, the other five 0) and UV (`uv` every hour of the day).
    func serve(_ server: OpenMeteoServer, birch: Double, uv: Double) throws {
        let hours = Array(repeating: String(uv), count: 24).joined(separator: ",")
        try server.control(
            "readings",
            #"{"locations":[{"latitude":48.8566,"longitude":2.3522,"current":{"birch_pollen":\#(birch),"#
                + #""alder_pollen":0,"grass_pollen":0,"mugwort_pollen":0,"olive_pollen":0,"ragweed_pollen":0,"#
                + #""uv_index":\#(uv)},"hourly":{"uv_index":[\#(hours)]}}]}"#)
    }

    /// Starts breezed, waits for its pollen-and-UV run to be judged, returns it running.
    func start(_ path: String) throws -> DaemonProcess {
        let daemon = try DaemonProcess(arguments: ["--config", path, "--log", "stderr"], environment: [:])
        #expect(daemon.waitForLog("status page extras: pollen and UV for 2 cities"), "\(daemon.log)")
        return daemon
    }

    func count(_ text: String, in log: String) -> Int { log.components(separatedBy: text).count - 1 }

    func events(_ webhook: WebhookReceiverServer) throws -> [[String: Any]] {
        try webhook.requests().compactMap { $0["json"] as? [String: Any] }
    }

    @Test func pollenAndUVFireAndResolveInEuropeAndTokyoIsToldOnce() throws {
        let server = try OpenMeteoServer()
        defer { server.stop() }
        let webhook = try WebhookReceiverServer()
        defer { webhook.stop() }
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-pollen-state-\(UUID().uuidString)").path
        let path = try configuration(server, webhook: webhook, state: state)

        // check-config warns of Tokyo at its own PollenThreshold= line, not of Paris.
        let check = try Binaries.run(Binaries.breezectl, ["check-config", "--config", path])
        #expect(check.status == 0, "\(check.standardError)")
        let warnings = check.standardError.split(separator: "\n").filter { $0.contains("pollen coverage") }
        #expect(warnings.count == 1, "\(check.standardError)")
        #expect(warnings.first?.contains("breezed.conf:27") == true && warnings.first?.contains("Tokyo") == true, "\(warnings)")
        #expect(check.standardOutput.contains("pollen and UV alerts: 2 cities (2 pollen, 1 UV), +16 API calls/day (every 3h)"), "\(check.standardOutput)")

        // High birch (95 grains/m³) and a day reaching UV 7: both fire.
        try serve(server, birch: 95, uv: 7)
        var daemon = try start(path)
        #expect(webhook.waitFor { deliveries in
            deliveries.contains { $0.id.contains("-pollen-") && $0.id.hasSuffix("-1-firing") && $0.status == 200 }
                && deliveries.contains { $0.id.contains("-uv-") && $0.id.hasSuffix("-1-firing") && $0.status == 200 }
        }, "\(daemon.log)")
        var bodies = try events(webhook)
        let pollen = try #require(bodies.first { $0["type"] as? String == "breeze.pollen.firing" })
        let data = try #require(pollen["data"] as? [String: Any])
        #expect(data["message"] as? String == "Pollen in Paris: Birch pollen High (95 grains/m³)")
        #expect((data["pollen"] as? [String: Any])?["level"] as? String == "high")
        #expect((data["pollen"] as? [String: Any])?["type"] as? String == "birch")
        let uv = try #require(bodies.first { $0["type"] as? String == "breeze.uv.firing" })
        #expect(((uv["data"] as? [String: Any])?["uv"] as? [String: Any])?["index"] as? Double == 7)
        #expect((uv["data"] as? [String: Any])?["message"] as? String == "UV in Paris: today's maximum UV index 7, High")
        // The journal's records: each event once, with its fields; Tokyo told once, no event.
        #expect(daemon.waitForLog("BREEZE_EVENT=uv-firing"))
        #expect(count("BREEZE_EVENT=pollen-firing", in: daemon.log) == 1, "\(daemon.log)")
        #expect(daemon.log.contains("BREEZE_POLLEN_TYPE=birch") && daemon.log.contains("BREEZE_UV_BAND=high"))
        #expect(count("BREEZE_EVENT=pollen-no-data", in: daemon.log) == 1, "\(daemon.log)")
        #expect(daemon.log.contains("Tokyo: no pollen data (outside Open-Meteo's pollen coverage"))
        daemon.signal(SIGTERM)
        #expect(daemon.waitForExit() == 0)
        #expect(try webhook.deliveries().allSatisfy { !$0.id.contains("tokyo") })
        #expect(try webhook.deliveries().count == 2)

        // A restart reads pollen again at once: birch 5 (Low) and UV 2 resolve both episodes.
        try serve(server, birch: 5, uv: 2)
        daemon = try start(path)
        #expect(webhook.waitFor { deliveries in
            deliveries.contains { $0.id.contains("-pollen-") && $0.id.hasSuffix("-2-resolved") && $0.status == 200 }
                && deliveries.contains { $0.id.contains("-uv-") && $0.id.hasSuffix("-2-resolved") && $0.status == 200 }
        }, "\(daemon.log)")
        bodies = try events(webhook)
        let resolved = try #require(bodies.first { $0["type"] as? String == "breeze.pollen.resolved" })
        #expect((resolved["data"] as? [String: Any])?["message"] as? String
            == "Pollen in Paris is back below High: Birch pollen Low (5 grains/m³)")
        #expect(bodies.contains { $0["type"] as? String == "breeze.uv.resolved" })
        // Both share their firing's thread: one episode each.
        let firingID = try #require(try webhook.deliveries().first { $0.id.contains("-pollen-") && $0.id.hasSuffix("-1-firing") }?.id)
        let resolvedID = try #require(try webhook.deliveries().first { $0.id.contains("-pollen-") && $0.id.hasSuffix("-2-resolved") }?.id)
        #expect(firingID.dropLast("-1-firing".count) == resolvedID.dropLast("-2-resolved".count))
        daemon.signal(SIGTERM)
        #expect(daemon.waitForExit() == 0)
        #expect(try webhook.deliveries().count == 4)
    }
}
