import BreezeAlerts
import BreezeConfig
import BreezeDelivery
import BreezeModel
import Foundation
import BreezeVocabulary
import Testing

/// The email spool: Maildir layout, messages Python's strict parser accepts, no header
/// injection, "spooled" (not "delivered"), sendmail hand-off (no Maildir copy) and its retries.
struct EmailReceiverTests {
    private func receiver(spool: String, to: [String] = ["ops@example.com"]) -> EmailReceiver {
        receiver(.maildir(path: spool, chosen: true), to: to)
    }

    private func receiver(_ destination: MailDestination, to: [String] = ["ops@example.com"]) -> EmailReceiver {
        EmailReceiver(
            configuration: EmailConfiguration(
                name: "mail", to: to, from: "breezed@example.com", destination: destination,
                delivery: DeliverySettings(timeZone: "Europe/Paris")),
            hostname: "sensor-host")
    }

    private func files(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted().map { folder + "/" + $0 }
    }

    private func mode(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test func spooledMessageParsesStrictlyWithEveryHeader() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let spool = folder.path + "/mail"
        let outcome = receiver(spool: spool, to: ["ops@example.com", "oncall@example.com"])
            .deliver(SampleEvents.event(), at: SampleEvents.createdAt)
        #expect(outcome == .spooled(path: spool))
        for sub in ["", "/tmp", "/new", "/cur"] { #expect(mode(spool + sub) == 0o700) }
        #expect(files(spool + "/tmp").isEmpty)
        let delivered = files(spool + "/new")
        #expect(delivered.count == 1)
        #expect(mode(delivered[0]) == 0o600)
        let name = URL(fileURLWithPath: delivered[0]).lastPathComponent
        #expect(name.hasPrefix("1787234700.\(getpid())_"))
        #expect(name.contains(".sensor-host,E="))

        let report = try #require(try TemporaryFolder.checkMail(delivered).first)
        #expect(report["ok"] as? Bool == true, "\(report["error"] ?? "")")
        let headers = try #require(report["headers"] as? [String: String])
        #expect(headers["date"] == "Thu, 20 Aug 2026 16:05:00 +0200")
        #expect(headers["from"] == "breezed@example.com")
        #expect(headers["to"] == "ops@example.com, oncall@example.com")
        #expect(headers["subject"] == "[Breeze] " + SampleEvents.event().message)
        #expect(headers["message-id"] == "<paris-1787234700-1-firing@sensor-host>")
        #expect(headers["mime-version"] == "1.0")
        #expect(headers["content-transfer-encoding"] == "quoted-printable")
        #expect(headers["auto-submitted"] == "auto-generated")
        #expect(report["content_type"] as? String == "text/plain")
        #expect(report["charset"] as? String == "utf-8")
        let body = try #require(report["body"] as? String)
        #expect(body.contains("An alert started: the air went from Moderate to Unhealthy."))
        #expect(body.contains("• PM2.5: 93 µg/m³ — Unhealthy"))
        #expect(body.contains("- " + Band.unhealthy.healthTips[0]))
        // In the city's zone (Europe/Paris), not UTC.
        #expect(body.contains("Observed: 16:00 CEST"))
    }

    @Test func nonASCIISubjectIsEncodedAndFolded() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let zurich = City(name: "Zürich", latitude: 47.37, longitude: 8.54)
        let event = SampleEvents.event(city: zurich)
        #expect(receiver(spool: folder.path).deliver(event, at: SampleEvents.createdAt) == .spooled(path: folder.path))
        let file = try #require(files(folder.path + "/new").first)
        let raw = try String(contentsOfFile: file, encoding: .utf8)
        let head = raw.components(separatedBy: "\n\n")[0]
        #expect(head.utf8.allSatisfy { $0 < 0x80 })
        #expect(head.components(separatedBy: "\n").allSatisfy { $0.count <= 78 })
        #expect(head.contains("Subject: =?UTF-8?B?"))
        let report = try #require(try TemporaryFolder.checkMail([file]).first)
        #expect(report["ok"] as? Bool == true, "\(report["error"] ?? "")")
        #expect((report["headers"] as? [String: String])?["subject"] == "[Breeze] " + event.message)
        #expect((report["body"] as? String)?.contains("City: Zürich") == true)
        // Quoted-printable keeps body lines short.
        #expect(raw.components(separatedBy: "\n").allSatisfy { $0.count <= 78 })
    }

    @Test func headerInjectionIsNeutralised() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let evil = City(name: "Paris\r\nBcc: victim@example.com\nX-Evil: 1", latitude: 0, longitude: 0)
        let event = SampleEvents.event(city: evil, id: "evil\r\nBcc: x@example.com")
        var configuration = EmailConfiguration(
            name: "mail", to: ["ops@example.com\r\nCc: other@example.com"], from: "breezed@example.com",
            spool: folder.path, subjectPrefix: "[Air\nReply-To: x@example.com]")
        configuration.delivery.timeZone = "UTC"
        #expect(EmailReceiver(configuration: configuration, hostname: "host\r\nX: y").deliver(event, at: 0) == .spooled(path: folder.path))
        let file = try #require(files(folder.path + "/new").first)
        let report = try #require(try TemporaryFolder.checkMail([file]).first)
        #expect(report["ok"] as? Bool == true, "\(report["error"] ?? "")")
        let names = Set((report["raw_headers"] as? [String] ?? []).map { $0.lowercased() })
        // Exactly the headers Breeze writes: the injected Bcc, Cc, X-Evil and Reply-To are text.
        #expect(names == ["date", "from", "to", "subject", "message-id", "mime-version", "content-type",
                          "content-transfer-encoding", "auto-submitted", "x-breeze-event"])
        let headers = try #require(report["headers"] as? [String: String])
        #expect(headers["subject"]?.contains(#"Paris\r\nBcc: victim@example.com\nX-Evil: 1"#) == true)
        #expect(headers["message-id"]?.contains("\n") == false)
    }

    @Test func sameEventIsSpooledOnce() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let receiver = receiver(spool: folder.path)
        #expect(receiver.deliver(SampleEvents.event(), at: 10) == .spooled(path: folder.path))
        // A reader moved it to cur/ and marked it seen: still recognised.
        let first = try #require(files(folder.path + "/new").first)
        let seen = folder.path + "/cur/" + URL(fileURLWithPath: first).lastPathComponent + ":2,S"
        try FileManager.default.moveItem(atPath: first, toPath: seen)
        #expect(receiver.deliver(SampleEvents.event(), at: 20) == .spooled(path: folder.path))
        #expect(files(folder.path + "/new").isEmpty)
        #expect(receiver.deliver(SampleEvents.event(.resolved, id: "paris-1787234700-2-resolved"), at: 30) == .spooled(path: folder.path))
        #expect(files(folder.path + "/new").count == 1)
    }

    @Test func sendmailGetsTheMessageWithDashTAndDashOi() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let captured = folder.path + "/captured.eml"
        let sendmail = try folder.script("sendmail", """
            [ "$1" = "-t" ] && [ "$2" = "-oi" ] && [ $# -eq 2 ] || { echo "bad arguments: $*" >&2; exit 64; }
            cat > '\(captured)'
            """)
        let receiver = receiver(.sendmail(program: sendmail))
        let outcome = receiver.deliver(SampleEvents.event(), at: 5)
        #expect(outcome == .delivered)
        #expect(try Data(contentsOf: URL(fileURLWithPath: captured)) == Data(receiver.message(for: SampleEvents.event(), at: 5).utf8))
        // Sendmail= is where the mail goes: no Maildir is written beside it.
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/mail"))
    }

    @Test func sendmailFailureIsRetriedUntilItSucceeds() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let attempts = folder.path + "/attempts"
        let sendmail = try folder.script("sendmail", """
            cat > /dev/null
            echo x >> '\(attempts)'
            [ "$(wc -l < '\(attempts)')" -ge 3 ] && exit 0
            echo "mail.example.com: connection refused" >&2
            exit 75
            """)
        let receiver = receiver(.sendmail(program: sendmail))
        let first = receiver.deliver(SampleEvents.event(), at: 5)
        #expect(first == .retry(reason: "mail: \(sendmail) exited with status 75: mail.example.com: connection refused", retryAfter: nil))
        guard case .retry = receiver.deliver(SampleEvents.event(), at: 65) else {
            Issue.record("second attempt should fail too")
            return
        }
        #expect(receiver.deliver(SampleEvents.event(), at: 125) == .delivered)
        let lines = try String(contentsOfFile: attempts, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 3)
    }

    @Test func missingSendmailIsRetried() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let outcome = receiver(.sendmail(program: folder.path + "/no-such-sendmail")).deliver(SampleEvents.event(), at: 5)
        guard case .retry(let reason, _) = outcome else {
            Issue.record("expected retry, got \(outcome)")
            return
        }
        #expect(reason.contains("no-such-sendmail"))
    }

    @Test func unwritableSpoolIsRetried() throws {
        let outcome = receiver(spool: "/proc/breeze-cannot-write-here").deliver(SampleEvents.event(), at: 5)
        guard case .retry(let reason, _) = outcome else {
            Issue.record("expected retry, got \(outcome)")
            return
        }
        #expect(reason.hasPrefix("mail: cannot create /proc/breeze-cannot-write-here"))
    }
}
