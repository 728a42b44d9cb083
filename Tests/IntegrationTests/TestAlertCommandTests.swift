import BreezeTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `breezectl test-alert` run as a process against the loopback webhook receiver.
struct TestAlertCommandTests {
    static let secret = "whsec_" + Data("0123456789abcdef0123456789abcdef".utf8).base64EncodedString()

    /// A configuration with one city, a signed json webhook `ops`, a `chat` webhook and an
    /// email spool, in a fresh folder.
    private func configuration(server: WebhookReceiverServer) throws -> (path: String, folder: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-test-alert-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let text = """
            [Breeze]
            StateDirectory=\(folder)/state

            [City "Zürich"]
            Latitude=47.37
            Longitude=8.54

            [Webhook "ops"]
            URL=\(server.baseURL)/ops
            Secret=\(Self.secret)
            Header=Authorization: Bearer header-secret-value
            Timeout=5s

            [Webhook "chat"]
            URL=\(server.baseURL)/chat/T000/SECRETTOKEN
            Format=slack
            Timeout=5s

            [Email "mail"]
            To=ops@example.com
            Spool=\(folder)/mail
            """
        let path = folder + "/breezed.conf"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return (path, folder)
    }

    @Test func deliversToEveryReceiver() throws {
        let server = try WebhookReceiverServer(secret: Self.secret)
        defer { server.stop() }
        let (path, folder) = try configuration(server: server)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try Binaries.run(Binaries.breezectl, ["test-alert", "--config", path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "ops: delivered\nchat: delivered\nmail: spooled to \(folder)/mail, not sent\n")
        let ops = try server.requests(to: "/ops")
        #expect(ops.count == 1)
        #expect(ops.first?["signature_valid"] as? Bool == true)
        let body = ops.first?["json"] as? [String: Any]
        #expect(body?["type"] as? String == "breeze.alert.test")
        let data = body?["data"] as? [String: Any]
        // No state yet: Breeze's example reading, marked in its own field, the city's own name.
        #expect((data?["city"] as? [String: Any])?["name"] as? String == "Zürich")
        #expect(data?["exampleReading"] as? Bool == true)
        #expect(try server.requests(to: "/chat/T000/SECRETTOKEN").count == 1)
        let mail = try FileManager.default.contentsOfDirectory(atPath: folder + "/mail/new")
        #expect(mail.count == 1)
        #expect(!result.standardOutput.contains("header-secret-value"))
        #expect(!result.standardOutput.contains(Self.secret))
    }

    /// As an ordinary user, the daemon's state is out of reach: the test says so on stderr
    /// and sends the example reading, marked as one.
    @Test(.enabled(if: getuid() == 0, "setpriv --reuid needs root"))
    func anUnreadableStateIsSaidNotHidden() throws {
        let server = try WebhookReceiverServer(secret: Self.secret)
        defer { server.stop() }
        let (path, folder) = try configuration(server: server)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        chmod(folder, 0o755)
        try FileManager.default.createDirectory(atPath: folder + "/state", withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: URL(fileURLWithPath: folder + "/state/state.json"))
        chmod(folder + "/state", 0o700)
        let result = try Binaries.runAsNobody(Binaries.breezectl, ["test-alert", "ops", "--config", path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "ops: delivered\n")
        #expect(result.standardError.contains(
            "breezectl test-alert: cannot read the daemon's state (\(folder)/state/state.json"))
        #expect(result.standardError.contains("Permission denied"))
        #expect(result.standardError.contains("so the test carries an example reading, not Zürich's"))
        let data = (try server.requests(to: "/ops").first?["json"] as? [String: Any])?["data"] as? [String: Any]
        // json marks it in its field; the human formats' line is TestAlertWordsTests'.
        #expect(data?["exampleReading"] as? Bool == true)
    }

    @Test func namedReceiverFailingReportsTheReasonWithoutSecrets() throws {
        let server = try WebhookReceiverServer(secret: Self.secret)
        defer { server.stop() }
        let (path, folder) = try configuration(server: server)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try server.respond(#"{"responses": [{"status": 500, "body": "boom SECRETTOKEN"}]}"#)
        let result = try Binaries.run(Binaries.breezectl, ["test-alert", "chat", "--config", path])
        #expect(result.status == 1)
        #expect(result.standardOutput == "chat: failed: HTTP 500 from 127.0.0.1:\(server.port): boom <redacted>\n")
        #expect(try server.requests(to: "/ops").isEmpty)
        let everything = result.standardOutput + result.standardError
        #expect(!everything.contains("SECRETTOKEN"))
        #expect(!everything.contains("header-secret-value"))
        #expect(!everything.contains(Self.secret))
    }

    @Test func unreachableReceiverFails() throws {
        let server = try WebhookReceiverServer()
        let (path, folder) = try configuration(server: server)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        server.stop()
        let result = try Binaries.run(Binaries.breezectl, ["test-alert", "ops", "--config", path])
        #expect(result.status == 1)
        #expect(result.standardOutput == "ops: failed: 127.0.0.1:\(server.port): connection refused\n")
    }

    @Test func unknownReceiverIsAUsageError() throws {
        let server = try WebhookReceiverServer()
        defer { server.stop() }
        let (path, folder) = try configuration(server: server)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try Binaries.run(Binaries.breezectl, ["test-alert", "ops", "pager", "--config", path])
        #expect(result.status == 64)
        #expect(result.standardError.contains("unknown receiver 'pager'; configured: ops, chat, mail"))
        #expect(try server.requests(to: "/ops").isEmpty)
    }
}
