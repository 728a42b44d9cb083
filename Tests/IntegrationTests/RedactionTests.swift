import BreezeTestSupport
import Foundation
import Testing

/// A receiver that echoes credentials back in its error bodies, in every form (raw,
/// percent-encoded, form-encoded, JSON-escaped, base64, the Basic header decoded): none of them
/// reaches `test-alert`, the daemon's log (stderr or the journal), the outbox and `dead/` files,
/// `status` or `status --json`. Until 0.1 the Basic header's base64 of `user:password` (from
/// `URL=http://user:password@…`) went everywhere.
struct RedactionTests {
    /// What must never be written, in any form: parts of the URL's password, of its Basic
    /// header, of a `Header=` value, of the URL's query token and of the signing secret.
    static let leaks = [
        "s3cr", "YWxpY2U6", "hdr+tok", "hdr%2", "hdr%2b", "hdr+tok\\/", "aGRyK3Rvay9lbj09", "qtok123456",
        "c2VjcmV0c2VjcmV0", "secretsecret",
    ]

    struct Scenario {
        let folder: String
        let path: String
        let webhook: WebhookReceiverServer
        let server: OpenMeteoServer
    }

    func scenario() throws -> Scenario {
        let server = try OpenMeteoServer()
        let webhook = try WebhookReceiverServer()
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-state-\(UUID().uuidString)").path
        let path = try server.configuration(
            cities: [DaemonTests.paris, DaemonTests.tokyo],
            extra: """
                StateDirectory=\(state)
                [Alert]
                ConfirmAfter=1
                [Webhook "ops"]
                URL=http://alice:s3cr+t%2Fpw@127.0.0.1:\(webhook.port)/hook?token=qtok123456
                Header=X-Api-Token: hdr+tok/en==
                Secret=whsec_c2VjcmV0c2VjcmV0
                """)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        try server.control(
            "readings",
            #"{"locations":[{"latitude":48.8566,"longitude":2.3522,"current":{"us_aqi":170,"pm2_5":85,"us_aqi_pm2_5":170}},"#
                + #"{"latitude":35.6762,"longitude":139.6503,"current":{"us_aqi":170,"pm2_5":85,"us_aqi_pm2_5":170}}]}"#)
        return Scenario(folder: state, path: path, webhook: webhook, server: server)
    }

    func files(in folder: String) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: folder)
        return (enumerator?.allObjects as? [String] ?? []).compactMap { name in
            try? String(contentsOfFile: folder + "/" + name, encoding: .utf8)
        }
    }

    func expectNoLeak(_ text: String, _ place: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for leak in Self.leaks {
            #expect(!text.contains(leak), "\(place) holds \(leak): \(text)", sourceLocation: sourceLocation)
        }
    }

    /// Three test alerts (one echo each, so every form fits in the reason's excerpt), then a
    /// poll: Paris's firing refused for good (400, to dead/), Tokyo's retried (500, pending).
    func run(log: String) throws -> (outputs: [String: String], state: String) {
        let scenario = try scenario()
        defer { scenario.webhook.stop(); scenario.server.stop() }
        var outputs: [String: String] = [:]
        for (index, echo) in [["authorization"], ["x-api-token"], ["path"]].enumerated() {
            try scenario.webhook.respond([["status": 500, "echo_secrets": echo]])
            let alert = try Binaries.run(Binaries.breezectl, ["test-alert", "--config", scenario.path])
            #expect(alert.status == 1)
            #expect(alert.standardOutput.contains("<redacted>"), "\(alert.standardOutput)")
            outputs["test-alert \(index)"] = alert.standardOutput + alert.standardError
        }
        try scenario.webhook.respond([
            ["status": 400, "echo_secrets": ["authorization", "x-api-token"]],
            ["status": 500, "echo_secrets": ["x-api-token", "authorization"]],
        ])
        let once: ProcessResult
        if log == "journal" {
            let journal: String
            (once, journal) = try PrivateJournal.run([
                Binaries.breezed.path, "--config", scenario.path, "--once", "--log", "journal",
            ])
            outputs["journal"] = journal
            #expect(outputs["journal"]?.contains("delivery-failed") == true)
        } else {
            once = try Binaries.run(Binaries.breezed, ["--config", scenario.path, "--once", "--log", "stderr"])
            #expect(once.standardError.contains("<redacted>"))
        }
        #expect(once.status == 0, "\(once.standardError)")
        outputs["breezed"] = once.standardOutput + once.standardError
        let dead = files(in: scenario.folder + "/dead")
        let outbox = files(in: scenario.folder + "/outbox")
        #expect(dead.count == 1 && outbox.count == 1)
        #expect(dead.first?.contains("<redacted>") == true && outbox.first?.contains("<redacted>") == true)
        outputs["dead"] = dead.joined()
        outputs["outbox"] = outbox.joined()
        let status = try Binaries.run(Binaries.breezectl, ["status", "--config", scenario.path])
        #expect(status.standardOutput.contains("<redacted>"))
        outputs["status"] = status.standardOutput + status.standardError
        let json = try Binaries.run(Binaries.breezectl, ["status", "--config", scenario.path, "--json"])
        #expect(json.standardOutput.contains("<redacted>"))
        outputs["status --json"] = json.standardOutput + json.standardError
        return (outputs, scenario.folder)
    }

    @Test func echoedCredentialsAreRedactedEverywhereTheyAreWritten() throws {
        let (outputs, state) = try run(log: "stderr")
        defer { try? FileManager.default.removeItem(atPath: state) }
        for (place, text) in outputs { expectNoLeak(text, place) }
    }

    @Test(.enabled(if: JournalTests.canRunPrivateJournald, "needs root, unshare and systemd-journald"))
    func echoedCredentialsAreRedactedInTheJournal() throws {
        let (outputs, state) = try run(log: "journal")
        defer { try? FileManager.default.removeItem(atPath: state) }
        for (place, text) in outputs { expectNoLeak(text, place) }
    }

    /// Open-Meteo quoting the form body back in a 400, the key form-encoded (`%2B` for `+`).
    @Test func anEchoedFormEncodedAPIKeyIsRedacted() throws {
        let server = try OpenMeteoServer()
        defer { server.stop() }
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-state-\(UUID().uuidString)").path
        let path = try server.configuration(cities: [DaemonTests.paris], extra: "StateDirectory=\(state)\nApiKey=k3y+with/slash=\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        try server.control("faults", #"{"faults":[{"path":"/v1/air-quality","kind":"status","status":400,"echo_request":true}]}"#)
        let once = try Binaries.run(Binaries.breezed, ["--config", path, "--once", "--log", "stderr"])
        #expect(once.standardError.contains("Cannot parse request: "))
        #expect(once.standardError.contains("<redacted>"))
        for leak in ["k3y", "with%2Fslash", "k3y%2Bwith"] {
            #expect(!once.standardError.contains(leak), "\(once.standardError)")
        }
        let status = try Binaries.run(Binaries.breezectl, ["status", "--config", path, "--json"])
        #expect(!status.standardOutput.contains("k3y"))
    }
}
