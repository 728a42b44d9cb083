import BreezeAlerts
import BreezeConfig
import BreezeDelivery
import BreezeHTTP
import BreezeTestSupport
import BreezeVocabulary
import Foundation
import Synchronization
import Testing

/// `[Email] SMTP=`: the real `EmailReceiver` and libcurl against an aiosmtpd server on
/// 127.0.0.1 (Tests/Fixtures/smtp_server.py) with a certificate authority made for the test:
/// STARTTLS and smtps, AUTH, 421 then success, 550 for one or every recipient, a server that
/// hangs, STARTTLS refused or missing (nothing in plain text), and what Python's strict email
/// parser reads from the messages the server took.
@Suite(.serialized)
struct SMTPSubmissionTests {
    static let user = "air@example.com"
    static let password = "s3cret-Pa55word"

    /// A receiver submitting to `server` (on 127.0.0.1) as `user`, trusting its authority.
    func receiver(
        _ server: SMTPServer, scheme: String = "smtp", to: [String] = ["alice@example.com", "bob@example.org"],
        login: Bool = true, startTLS: StartTLSSetting = .required, trustTheServer: Bool = true,
        timeout: Duration = .seconds(30), host: String = "127.0.0.1"
    ) -> EmailReceiver {
        let settings = SMTPSettings(
            url: "\(scheme)://\(host):\(server.port)", host: host, user: login ? Self.user : nil,
            password: login ? Secret(Self.password) : nil, startTLS: startTLS,
            caFile: trustTheServer ? server.caFile : nil)
        return EmailReceiver(
            configuration: EmailConfiguration(
                name: "family", to: to, from: "breezed@example.com", destination: .smtp(settings),
                timeout: timeout, delivery: DeliverySettings(timeZone: "Europe/Paris")),
            hostname: "sensor-host")
    }

    /// What `mail_checker.py` (policy.strict) read from each message the server took.
    func parsed(_ server: SMTPServer) throws -> [[String: Any]] {
        try TemporaryFolder.checkMail(server.messageFiles())
    }

    @Test func deliveredOverSTARTTLSWithAuthAndParsesStrictly() throws {
        let server = try SMTPServer(user: Self.user, password: Self.password)
        defer { server.stop() }
        let event = SampleEvents.event()
        #expect(receiver(server).deliver(event, at: SampleEvents.createdAt) == .delivered)
        let steps = server.events().compactMap { $0["event"] as? String }
        #expect(steps == ["connect", "starttls", "auth", "mail", "rcpt", "rcpt", "data"])
        #expect(server.events("auth").first?["tls"] as? Bool == true)
        #expect(server.events("auth").first?["success"] as? Bool == true)
        let data = try #require(server.events("data").first)
        #expect(data["from"] as? String == "breezed@example.com")
        #expect(data["to"] as? [String] == ["alice@example.com", "bob@example.org"])
        let report = try #require(try parsed(server).first)
        #expect(report["ok"] as? Bool == true, "\(report["error"] ?? "")")
        let headers = try #require(report["headers"] as? [String: String])
        #expect(headers["subject"] == "[Breeze] " + event.message)
        #expect(headers["from"] == "breezed@example.com")
        #expect(headers["to"] == "alice@example.com, bob@example.org")
        #expect(headers["message-id"] == "<paris-1787234700-1-firing@sensor-host>")
        #expect(headers["auto-submitted"] == "auto-generated")
        #expect(headers["date"] == "Thu, 20 Aug 2026 16:05:00 +0200")
        // The same bytes a Maildir would hold, line ends aside (SMTP's CRLF).
        let received = try Data(contentsOf: URL(fileURLWithPath: server.messageFiles()[0]))
        let expected = receiver(server).message(for: event, at: SampleEvents.createdAt)
        #expect(String(decoding: received, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n") == expected)
    }

    @Test func aThreadKeepsItsReplyHeadersAndANonASCIISubjectIsDecoded() throws {
        let server = try SMTPServer(encryption: .implicit, user: Self.user, password: Self.password)
        defer { server.stop() }
        var firing = SampleEvents.event(.firing, city: .init(name: "Zürich", latitude: 47.37, longitude: 8.54), id: "zurich-1787234700-1-firing")
        firing.thread = "zurich-1787234700"
        var resolved = SampleEvents.event(.resolved, city: firing.city, id: "zurich-1787234700-2-resolved")
        resolved.thread = "zurich-1787234700"
        let smtps = receiver(server, scheme: "smtps")
        #expect(smtps.deliver(firing, at: SampleEvents.createdAt) == .delivered)
        #expect(smtps.deliver(resolved, at: SampleEvents.createdAt) == .delivered)
        #expect(server.events("starttls").isEmpty)
        #expect(server.events("auth").allSatisfy { $0["tls"] as? Bool == true })
        let reports = try parsed(server)
        #expect(reports.count == 2 && reports.allSatisfy { $0["ok"] as? Bool == true }, "\(reports)")
        let first = try #require(reports.first?["headers"] as? [String: String])
        let second = try #require(reports.last?["headers"] as? [String: String])
        #expect(first["subject"] == "[Breeze] " + firing.message)
        #expect(first["subject"]?.contains("Zürich") == true)
        #expect(first["in-reply-to"] == nil)
        #expect(second["in-reply-to"] == "<zurich-1787234700-1-firing@sensor-host>")
        #expect(second["references"] == "<zurich-1787234700-1-firing@sensor-host>")
        #expect(second["auto-submitted"] == "auto-generated")
    }

    @Test func a421IsRetriedAndTheNextAttemptIsDelivered() throws {
        let server = try SMTPServer(mode: .tempfailFirst, user: Self.user, password: Self.password)
        defer { server.stop() }
        let receiver = receiver(server)
        let first = receiver.deliver(SampleEvents.event(), at: SampleEvents.createdAt)
        #expect(first == .retry(reason: "SMTP 421 from 127.0.0.1:\(server.port): 4.3.2 fixture busy, try again later", retryAfter: nil))
        #expect(server.events("data").isEmpty)
        #expect(receiver.deliver(SampleEvents.event(), at: Instant(unixSeconds: SampleEvents.createdAt.unixSeconds + 60)) == .delivered)
        #expect(server.events("data").count == 1)
    }

    @Test func aRefusalOfEveryRecipientIsPermanentWithTheRepliesAndNoPassword() throws {
        let server = try SMTPServer(mode: .refuseAll, user: Self.user, password: Self.password)
        defer { server.stop() }
        let outcome = receiver(server).deliver(SampleEvents.event(), at: SampleEvents.createdAt)
        guard case .permanent(let reason) = outcome else {
            Issue.record("expected permanent, got \(outcome)")
            return
        }
        // The fixture quotes the login and password it was given: the reason does not.
        #expect(reason == "SMTP 550 from 127.0.0.1:\(server.port): refused "
            + "alice@example.com (550 5.1.1 <alice@example.com>: mailbox unavailable (login air@example.com password <redacted>)), "
            + "bob@example.org (550 5.1.1 <bob@example.org>: mailbox unavailable (login air@example.com password <redacted>))")
        #expect(!reason.contains(Self.password))
        #expect(server.events("data").isEmpty)
    }

    @Test func aRefusedRecipientDoesNotLoseTheOthers() throws {
        let server = try SMTPServer(user: Self.user, password: Self.password, refuse: ["bob@example.org"])
        defer { server.stop() }
        let outcome = receiver(server, to: ["alice@example.com", "bob@example.org", "carol@example.net"])
            .deliver(SampleEvents.event(), at: SampleEvents.createdAt)
        #expect(outcome == .partlyDelivered(
            refused: "127.0.0.1:\(server.port) refused bob@example.org (550 5.1.1 <bob@example.org>: no such user here)"))
        #expect(outcome.isDone)
        let data = try #require(server.events("data").first)
        #expect(data["to"] as? [String] == ["alice@example.com", "carol@example.net"])
    }

    @Test func aServerThatHangsIsRetriedWithinTheTimeout() throws {
        let server = try SMTPServer(mode: .hang, encryption: .none)
        defer { server.stop() }
        let outcome = receiver(server, timeout: .milliseconds(1500)).deliver(SampleEvents.event(), at: SampleEvents.createdAt)
        guard case .retry(let reason, _) = outcome else {
            Issue.record("expected retry, got \(outcome)")
            return
        }
        #expect(reason == "127.0.0.1:\(server.port): timed out")
        #expect(server.events("connect").count == 1)
    }

    @Test func aRefusedSTARTTLSSendsNothingInPlainText() throws {
        let server = try SMTPServer(mode: .refuseStartTLS, user: Self.user, password: Self.password)
        defer { server.stop() }
        let outcome = receiver(server).deliver(SampleEvents.event(), at: SampleEvents.createdAt)
        guard case .retry(let reason, _) = outcome else {
            Issue.record("expected retry, got \(outcome)")
            return
        }
        #expect(reason.hasPrefix("SMTP 454 from 127.0.0.1:\(server.port): 4.7.0 TLS not available"))
        // The server would have taken AUTH and MAIL FROM in plain text: none came.
        #expect(server.events("connect").count == 1)
        #expect(server.events("auth-command").isEmpty && server.events("mail-command").isEmpty)
        #expect(server.events("auth").isEmpty && server.events("data").isEmpty)
    }

    @Test func aServerWithoutSTARTTLSGetsNothingInPlainText() throws {
        let server = try SMTPServer(mode: .noStartTLS, encryption: .none, user: Self.user, password: Self.password)
        defer { server.stop() }
        let outcome = receiver(server).deliver(SampleEvents.event(), at: SampleEvents.createdAt)
        guard case .retry(let reason, _) = outcome else {
            Issue.record("expected retry, got \(outcome)")
            return
        }
        #expect(reason.contains("STARTTLS not supported"), "\(reason)")
        #expect(server.events("auth-command").isEmpty && server.events("mail-command").isEmpty)
        #expect(server.events("data").isEmpty)
        // StartTLS=no, which the configuration allows to this machine only: plain text, as asked.
        #expect(receiver(server, startTLS: .no).deliver(SampleEvents.event(), at: SampleEvents.createdAt) == .delivered)
        #expect(server.events("data").count == 1)
    }

    @Test func anUntrustedCertificateFailsBeforeAuth() throws {
        let server = try SMTPServer(user: Self.user, password: Self.password)
        defer { server.stop() }
        let outcome = receiver(server, trustTheServer: false).deliver(SampleEvents.event(), at: SampleEvents.createdAt)
        guard case .retry(let reason, _) = outcome else {
            Issue.record("expected retry, got \(outcome)")
            return
        }
        #expect(reason.hasPrefix("127.0.0.1:\(server.port): TLS failed"), "\(reason)")
        #expect(server.events("auth").isEmpty && server.events("mail").isEmpty)
    }

    @Test func aWrongPasswordIsPermanentAndNotQuoted() throws {
        let server = try SMTPServer(user: Self.user, password: "another-Pa55word")
        defer { server.stop() }
        let outcome = receiver(server).deliver(SampleEvents.event(), at: SampleEvents.createdAt)
        guard case .permanent(let reason) = outcome else {
            Issue.record("expected permanent, got \(outcome)")
            return
        }
        #expect(reason.hasPrefix("SMTP 535 from 127.0.0.1:\(server.port)"), "\(reason)")
        #expect(!reason.contains(Self.password))
        #expect(server.events("mail").isEmpty)
    }

    @Test func anAddressWithAControlCharacterIsRefusedBeforeAnyConnection() throws {
        let server = try SMTPServer(user: Self.user, password: Self.password)
        defer { server.stop() }
        let outcome = receiver(server, to: ["alice@example.com\r\nDATA"]).deliver(SampleEvents.event(), at: SampleEvents.createdAt)
        #expect(outcome == .permanent(reason: #"address with a control or format character: alice@example.com\r\nDATA"#))
        #expect(server.events().isEmpty)
    }
}

/// The seam: what `EmailReceiver` hands its `MailTransport`, and how it reads each result.
struct SMTPSeamTests {
    final class RecordingMailTransport: MailTransport {
        let submissions = Mutex<[MailSubmission]>([])
        let result: MailSubmissionResult
        init(_ result: MailSubmissionResult) { self.result = result }
        func submit(_ submission: MailSubmission) -> MailSubmissionResult {
            submissions.withLock { $0.append(submission) }
            return result
        }
    }

    func receiver(_ transport: RecordingMailTransport, startTLS: StartTLSSetting = .required) -> EmailReceiver {
        EmailReceiver(
            configuration: EmailConfiguration(
                name: "family", to: ["alice@example.com"], from: "air@example.com",
                destination: .smtp(SMTPSettings(
                    url: "smtp://localhost:2525", host: "localhost", user: "air", password: Secret("seam-Pa55word"),
                    startTLS: startTLS, caFile: "/etc/breeze/ca.pem")),
                timeout: .seconds(7)),
            hostname: "sensor-host", mailTransport: transport)
    }

    @Test func theSubmissionCarriesTheEnvelopeTheMessageAndTheLimits() throws {
        let transport = RecordingMailTransport(.accepted(refused: []))
        let receiver = receiver(transport)
        #expect(receiver.deliver(SampleEvents.event(), at: SampleEvents.createdAt) == .delivered)
        let submission = try #require(transport.submissions.withLock { $0.first })
        #expect(submission.url == "smtp://localhost:2525")
        #expect(submission.helloName == "sensor-host")
        #expect(submission.sender == "air@example.com")
        #expect(submission.recipients == ["alice@example.com"])
        #expect(submission.message == Array(receiver.message(for: SampleEvents.event(), at: SampleEvents.createdAt).utf8))
        #expect(submission.user == "air" && submission.password == "seam-Pa55word")
        #expect(submission.requiresTLS && submission.caFile == "/etc/breeze/ca.pem")
        #expect(submission.totalTimeout == .seconds(7) && submission.connectTimeout == .seconds(7))
        _ = self.receiver(transport, startTLS: .no).deliver(SampleEvents.event(), at: SampleEvents.createdAt)
        #expect(transport.submissions.withLock { $0.last?.requiresTLS } == false)
    }

    @Test func eachResultBecomesItsOutcomeWithThePasswordRemoved() {
        let echo = "4.7.0 try later, seam-Pa55word\u{7}\r\nX"
        #expect(receiver(RecordingMailTransport(.rejected(SMTPReply(code: 451, text: echo), refused: [])))
            .deliver(SampleEvents.event(), at: 0)
            == .retry(reason: #"SMTP 451 from localhost:2525: 4.7.0 try later, <redacted>\x07 X"#, retryAfter: nil))
        #expect(receiver(RecordingMailTransport(.rejected(SMTPReply(code: 554, text: "5.7.1 no"), refused: [])))
            .deliver(SampleEvents.event(), at: 0) == .permanent(reason: "SMTP 554 from localhost:2525: 5.7.1 no"))
        #expect(receiver(RecordingMailTransport(.failed("connection refused")))
            .deliver(SampleEvents.event(), at: 0) == .retry(reason: "localhost:2525: connection refused", retryAfter: nil))
        let long = String(repeating: "x", count: 5000)
        guard case .permanent(let reason) = receiver(RecordingMailTransport(.rejected(SMTPReply(code: 550, text: long), refused: [])))
            .deliver(SampleEvents.event(), at: 0)
        else {
            Issue.record("expected permanent")
            return
        }
        #expect(reason.count < 300)
    }
}
