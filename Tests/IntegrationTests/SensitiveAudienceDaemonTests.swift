import BreezeTestSupport
import Foundation
import Testing

/// The household's configuration run by the real `breezed`: one `Threshold=unhealthy`, a
/// sensitive and a general json receiver on the webhook fixture, the air rising through
/// Unhealthy for Sensitive Groups to Unhealthy and falling back.
struct SensitiveAudienceDaemonTests {
    static let paris = ("Paris", 48.8566, 2.3522)

    func setAQI(_ server: OpenMeteoServer, _ aqi: Int) throws {
        let (_, latitude, longitude) = Self.paris
        try server.control(
            "readings",
            #"{"locations":[{"latitude":\#(latitude),"longitude":\#(longitude),"current":{"us_aqi":\#(aqi),"pm2_5":\#(Double(aqi) / 3),"us_aqi_pm2_5":\#(aqi),"ozone":10,"us_aqi_ozone":5,"nitrogen_dioxide":5,"sulphur_dioxide":1,"carbon_monoxide":100,"pm10":5}}]}"#)
    }

    /// The `data` members of the json deliveries to `/<path>`, in order.
    func data(_ webhook: WebhookReceiverServer, _ path: String) throws -> [[String: Any]] {
        try webhook.requests(to: "/" + path).compactMap { ($0["json"] as? [String: Any])?["data"] as? [String: Any] }
    }

    /// Waits, bounded, until `/family` and `/ops` have at least these many deliveries.
    func waitFor(_ webhook: WebhookReceiverServer, family: Int, ops: Int) -> Bool {
        eventually(every: 0.1) { try data(webhook, "family").count >= family && data(webhook, "ops").count >= ops }
    }

    /// The household's configuration, its state in `state`.
    func configuration(_ server: OpenMeteoServer, _ webhook: WebhookReceiverServer, state: String) throws -> String {
        try server.configuration(
            cities: [Self.paris],
            extra: """
                PollInterval=15min
                Jitter=0
                StateDirectory=\(state)
                [Alert]
                Threshold=unhealthy
                ConfirmAfter=1
                ForecastThreshold=off
                AQISource=open-meteo
                [Webhook "family"]
                URL=\(webhook.baseURL)/family
                Audience=sensitive
                [Webhook "ops"]
                URL=\(webhook.baseURL)/ops
                """)
    }

    @Test func theSensitiveReceiverHearsFromUSGTheGeneralOneFromUnhealthyAndBothResolve() throws {
        let server = try OpenMeteoServer()
        defer { server.stop() }
        let webhook = try WebhookReceiverServer()
        defer { webhook.stop() }
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-audience-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: state) }
        let path = try configuration(server, webhook, state: state)
        try setAQI(server, 120)
        let daemon = try DaemonProcess(arguments: ["--config", path, "--log", "stderr"], environment: [:])
        defer { if daemon.process.isRunning { daemon.signal(SIGKILL) } }

        // Unhealthy for Sensitive Groups: the family hears of it.
        #expect(waitFor(webhook, family: 1, ops: 0))
        #expect(daemon.waitForLog("BREEZE_AUDIENCE=sensitive"))
        try setAQI(server, 170)
        daemon.signal(SIGUSR1)
        // Unhealthy: the ops channel's first alert, the family's escalation.
        #expect(waitFor(webhook, family: 2, ops: 1))
        try setAQI(server, 20)
        daemon.signal(SIGUSR1)
        #expect(waitFor(webhook, family: 3, ops: 2))
        daemon.signal(SIGTERM)
        #expect(daemon.waitForExit() == 0)

        let family = try data(webhook, "family")
        let ops = try data(webhook, "ops")
        #expect(family.map { $0["event"] as? String } == ["firing", "escalated", "resolved"])
        #expect(family.map { ($0["band"] as? [String: Any])?["slug"] as? String } == [
            "unhealthy-for-sensitive-groups", "unhealthy", "excellent",
        ])
        // The ops channel never heard of USG: its first message is the Unhealthy firing.
        #expect(ops.map { $0["event"] as? String } == ["firing", "resolved"])
        #expect(ops.map { $0["aqi"] as? Int } == [170, 20])
        #expect(family.allSatisfy { $0["audience"] as? String == "sensitive" })
        #expect(ops.allSatisfy { $0["audience"] as? String == "general" })
        #expect(family.allSatisfy { ($0["id"] as? String)?.contains("-sensitive-") == true })
        #expect(ops.allSatisfy { ($0["id"] as? String)?.contains("-sensitive-") == false })

        // The advice for the dominant pollutant, PM2.5: the people at risk first for the
        // family, what everyone does for ops.
        #expect(family[0]["dominantPollutant"] as? String == "pm2_5")
        let firstAdvice = try #require(family[0]["advice"] as? String)
        #expect(firstAdvice.contains("For people with heart or lung disease, older adults, children and teenagers, pregnant people"))
        #expect(firstAdvice.contains("cut down on long or hard outdoor efforts"))
        let escalation = try #require(family[1]["advice"] as? String)
        #expect(escalation.contains("For people with heart or lung disease") && escalation.contains("give up long or hard outdoor efforts"))
        let general = try #require(ops[0]["advice"] as? String)
        #expect(general.contains("Everyone should cut down on long or hard outdoor efforts"))
        #expect(general.contains("pregnant people"))
        #expect(!general.hasPrefix("For ") && !general.contains(": For "))
        #expect(escalation != general)
        // The journal says which events were the sensitive machine's.
        let sensitiveRecords = daemon.log.components(separatedBy: "\n").filter { $0.contains("BREEZE_AUDIENCE=sensitive") }
        #expect(sensitiveRecords.count >= 3, "\(daemon.log)")
    }

    @Test func statusShowsTheSensitiveMachineFiringAlone() throws {
        let server = try OpenMeteoServer()
        defer { server.stop() }
        let webhook = try WebhookReceiverServer()
        defer { webhook.stop() }
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-audience-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: state) }
        let path = try configuration(server, webhook, state: state)
        try setAQI(server, 120)
        let once = try Binaries.run(Binaries.breezed, ["--config", path, "--once"])
        #expect(once.status == 0, "\(once.standardError)")
        let text = try Binaries.run(Binaries.breezectl, ["status", "--config", path])
        let paris = text.standardOutput.split(separator: "\n").first { $0.hasPrefix("Paris") }.map(String.init) ?? ""
        #expect(paris.contains(" sensitive "), "\(text.standardOutput)")
        let json = try Binaries.run(Binaries.breezectl, ["status", "--config", path, "--json"])
        let document = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any]
        let city = try #require((document?["cities"] as? [[String: Any]])?.first)
        #expect(city["alert"] as? String == "ok")
        #expect(city["sensitiveAlert"] as? String == "firing")
    }

    @Test(.enabled(if: JournalTests.canRunPrivateJournald, "needs root, unshare and systemd-journald"))
    func theJournalRecordOfTheSensitiveFiringSaysSoAndTheGeneralReceiverGetsNothing() throws {
        let server = try OpenMeteoServer()
        defer { server.stop() }
        let webhook = try WebhookReceiverServer()
        defer { webhook.stop() }
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-audience-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: state) }
        let path = try configuration(server, webhook, state: state)
        try setAQI(server, 120)
        let (result, journal) = try PrivateJournal.run([Binaries.breezed.path, "--config", path, "--once", "--log", "journal"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("1 alert event\n"), "\(result.standardOutput)")
        let records = PrivateJournal.breezedRecords(journal).filter { $0["BREEZE_EVENT"] as? String == "firing" }
        #expect(records.count == 1, "\(journal.prefix(2000))")
        let record = try #require(records.first)
        #expect(record["BREEZE_AUDIENCE"] as? String == "sensitive")
        #expect(record["BREEZE_BAND"] as? String == "unhealthy-for-sensitive-groups")
        #expect((record["BREEZE_ALERT_ID"] as? String)?.contains("-sensitive-") == true)
        #expect((record["MESSAGE"] as? String)?.hasSuffix("(the SensitiveThreshold= alert, for people at risk)") == true)
        // --once has delivered what it wrote: the family's firing, nothing for ops.
        #expect(try data(webhook, "family").count == 1)
        #expect(try webhook.requests(to: "/ops").isEmpty)
    }
}
