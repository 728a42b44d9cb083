import BreezeAlerts
import BreezeConfig

/// An `[Email "…"]` receiver: each event becomes one RFC 5322 message in the Maildir at
/// `Spool=`, and is also handed to `Sendmail=` when one is configured.
///
/// Retries: the Maildir copy is written once per event id (see `Maildir`), so when sendmail
/// fails the outcome is `.retry`, the copy stays, and the next attempt only runs sendmail
/// again — across restarts too, as the check reads the spool, not memory.
public struct EmailReceiver: Receiver {
    public let configuration: EmailConfiguration
    private let hostname: String
    private let sendmailTimeout: Duration

    /// A receiver for `configuration`; `hostname` goes into Message-IDs and spool file names.
    public init(configuration: EmailConfiguration, hostname: String, sendmailTimeout: Duration = .seconds(60)) {
        self.configuration = configuration
        self.hostname = hostname.isEmpty ? "localhost" : hostname
        self.sendmailTimeout = sendmailTimeout
    }

    public var name: String { configuration.name }
    public var quietHours: QuietHours? { configuration.quietHours }
    public var timeZone: String? { configuration.timeZone }
    public var maxAge: Duration { configuration.maxAge }
    public var refreshesWhileFiring: Bool { false }

    /// The message one attempt at `now` writes.
    public func message(for event: AlertEvent, at now: Double) -> String {
        MailMessage(event: event, configuration: configuration, hostname: hostname, now: now).whole
    }

    public func deliver(_ event: AlertEvent, at now: Double) -> DeliveryOutcome {
        let bytes = Array(message(for: event, at: now).utf8)
        do {
            try Maildir(path: configuration.spool, hostname: hostname).deliver(bytes, eventID: event.id, now: now)
        } catch {
            return .retry(reason: "\(name): \(error.message)", retryAfter: nil)
        }
        guard let program = configuration.sendmail else { return .delivered }
        if let failure = Sendmail(program: program, timeout: sendmailTimeout).send(bytes) {
            return .retry(reason: "\(name): \(failure)", retryAfter: nil)
        }
        return .delivered
    }
}
