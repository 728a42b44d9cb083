import BreezeAlerts
import BreezeConfig
import BreezeHTTP
import BreezeVocabulary

/// An `[Email "…"]` receiver: each event becomes one RFC 5322 message, which goes to exactly
/// one place: submitted to `SMTP=` (through the injected `MailTransport`), handed to
/// `Sendmail=`, or written to the Maildir (`Spool=`, by default `<StateDirectory>/mail`),
/// where it stays: that outcome is `.spooled`, never `.delivered`, since nobody was told.
///
/// Retries: an SMTP 4xx reply, no reply (connection, timeout, TLS) or a failing sendmail is
/// `.retry`; an SMTP 5xx reply is `.permanent`; a Maildir write that fails is `.retry`, and a
/// message already in the Maildir (the same event id, across restarts too) is not written twice.
public struct EmailReceiver: Receiver {
    public let name: String
    public let delivery: DeliverySettings
    /// `From=`, `To=` and `SubjectPrefix=`: who each message is from and to, and its subject.
    private let addressing: MailAddressing
    /// `SMTP=`, `Sendmail=` or the Maildir.
    private let destination: MailDestination
    private let hostname: String
    /// `Timeout=`: the limit of one SMTP submission or sendmail run.
    private let timeout: Duration
    private let mailTransport: any MailTransport
    /// Removes the SMTP password from every outcome's text.
    private let redactor: Redactor

    /// A receiver for the section `configuration`; `hostname` goes into Message-IDs, spool
    /// file names and `EHLO`. `SMTP=` submissions go through `mailTransport`.
    public init(
        configuration: EmailConfiguration, hostname: String, mailTransport: any MailTransport = CurlMailTransport()
    ) {
        name = configuration.name
        delivery = configuration.delivery
        addressing = MailAddressing(
            from: configuration.from, to: configuration.to, subjectPrefix: configuration.subjectPrefix)
        destination = configuration.destination
        self.hostname = hostname.isEmpty ? "localhost" : hostname
        timeout = configuration.timeout
        self.mailTransport = mailTransport
        redactor = Redactor(email: configuration)
    }

    public var refreshesWhileFiring: Bool { false }

    /// The message one attempt at `now` writes.
    public func message(for event: AlertEvent, at now: Instant) -> String {
        MailMessage(event: event, addressing: addressing, timeZone: delivery.timeZone, hostname: hostname, now: now,
            audience: delivery.audience).whole
    }

    /// The grouped message (`Group=`) one attempt at `now` writes.
    public func message(for group: MessageGroup, at now: Instant) -> String {
        MailGroupMessage(
            group: group, addressing: addressing, timeZone: delivery.timeZone, hostname: hostname, now: now,
            audience: delivery.audience
        ).whole
    }

    /// Sends `group` as one message; in a Maildir its copy is keyed by the group's id (a retry
    /// of the same members finds it).
    public func deliver(group: MessageGroup, at now: Instant) -> DeliveryOutcome {
        send(Array(message(for: group, at: now).utf8), id: group.id, now: now)
    }

    public func deliver(_ event: AlertEvent, at now: Instant) -> DeliveryOutcome {
        send(Array(message(for: event, at: now).utf8), id: event.id, now: now)
    }

    /// Sends `bytes` (the message for `id`) to the receiver's one destination.
    private func send(_ bytes: [UInt8], id: String, now: Instant) -> DeliveryOutcome {
        switch destination {
        case .smtp(let settings):
            let submission = SMTPSubmission(
                settings: settings, transport: mailTransport, hostname: hostname, timeout: timeout, redactor: redactor)
            return submission.send(bytes, from: addressing.from, to: addressing.to)
        case .sendmail(let program):
            if let failure = Sendmail(program: program, timeout: timeout).send(bytes) {
                return .retry(reason: "\(name): \(failure)", retryAfter: nil)
            }
            return .delivered
        case .maildir(let path, _):
            do {
                try Maildir(path: path, hostname: hostname).deliver(bytes, eventID: id, now: now)
            } catch {
                return .retry(reason: "\(name): \(error)", retryAfter: nil)
            }
            return .spooled(path: path)
        }
    }
}
