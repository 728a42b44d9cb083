import BreezeAlerts
import BreezeConfig
import BreezeVocabulary

/// An `[Email "…"]` receiver: each event becomes one RFC 5322 message in the Maildir at
/// `Spool=`, and is also handed to `Sendmail=` when one is configured.
///
/// Retries: the Maildir copy is written once per event id (see `Maildir`), so when sendmail
/// fails the outcome is `.retry`, the copy stays, and the next attempt only runs sendmail
/// again — across restarts too, as the check reads the spool, not memory.
public struct EmailReceiver: Receiver {
    public let name: String
    public let delivery: DeliverySettings
    /// `From=`, `To=` and `SubjectPrefix=`: who each message is from and to, and its subject.
    private let addressing: MailAddressing
    /// `Spool=`: the Maildir every message is written to.
    private let spool: String
    /// `Sendmail=`: the program each message is also handed to, if any.
    private let sendmail: String?
    private let hostname: String
    private let sendmailTimeout: Duration

    /// A receiver for the section `configuration`; `hostname` goes into Message-IDs and spool
    /// file names.
    public init(configuration: EmailConfiguration, hostname: String, sendmailTimeout: Duration = .seconds(60)) {
        name = configuration.name
        delivery = configuration.delivery
        addressing = MailAddressing(
            from: configuration.from, to: configuration.to, subjectPrefix: configuration.subjectPrefix)
        spool = configuration.spool
        sendmail = configuration.sendmail
        self.hostname = hostname.isEmpty ? "localhost" : hostname
        self.sendmailTimeout = sendmailTimeout
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

    /// Writes `group` as one message, its copy in the spool keyed by the group's id (a retry
    /// of the same members finds it), then hands it to sendmail.
    public func deliver(group: MessageGroup, at now: Instant) -> DeliveryOutcome {
        spoolAndSend(Array(message(for: group, at: now).utf8), id: group.id, now: now)
    }

    public func deliver(_ event: AlertEvent, at now: Instant) -> DeliveryOutcome {
        spoolAndSend(Array(message(for: event, at: now).utf8), id: event.id, now: now)
    }

    /// Writes `bytes` to the spool once per `id`, then hands them to sendmail if configured.
    private func spoolAndSend(_ bytes: [UInt8], id: String, now: Instant) -> DeliveryOutcome {
        do {
            try Maildir(path: spool, hostname: hostname).deliver(bytes, eventID: id, now: now)
        } catch {
            return .retry(reason: "\(name): \(error)", retryAfter: nil)
        }
        guard let program = sendmail else { return .delivered }
        if let failure = Sendmail(program: program, timeout: sendmailTimeout).send(bytes) {
            return .retry(reason: "\(name): \(failure)", retryAfter: nil)
        }
        return .delivered
    }
}
