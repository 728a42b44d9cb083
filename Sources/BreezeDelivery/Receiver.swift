import BreezeAlerts
import BreezeConfig
import BreezeVocabulary

/// What one delivery attempt came to, as the outbox needs to know it.
public enum DeliveryOutcome: Sendable, Equatable {
    /// The receiver took it (2xx, an SMTP server took the message, sendmail exited 0).
    case delivered
    /// An SMTP server took the message for some recipients and refused it for the others:
    /// done (trying again would repeat it to those who have it); `refused` says who and why.
    case partlyDelivered(refused: String)
    /// The message was written to the Maildir at `path` and nothing sends it on (`[Email]`
    /// with neither `SMTP=` nor `Sendmail=`): done, never retried, but nobody was told.
    case spooled(path: String)
    /// Try again later: 408, 429, 5xx, a network error, a sendmail failure. `retryAfter` is
    /// the receiver's own wish (`Retry-After`), when it said one.
    case retry(reason: String, retryAfter: Duration?)
    /// Trying again cannot help (another 4xx): the entry goes to `dead/` with the reason.
    case permanent(reason: String)
    /// 410 Gone: the endpoint is no more; the receiver is disabled.
    case gone(reason: String)
}

extension DeliveryOutcome {
    /// Whether the receiver is done with the message: delivered (partly, perhaps) or spooled.
    public var isDone: Bool {
        switch self {
        case .delivered, .partlyDelivered, .spooled: true
        case .retry, .permanent, .gone: false
        }
    }
}

/// One configured destination of alerts: a webhook in one of its formats, or an email receiver.
public protocol Receiver: Sendable {
    /// The configured section name (`[Webhook "ops"]` → `ops`).
    var name: String { get }
    /// Its quiet hours and their time zone, how long an entry may wait for delivery before
    /// it is given up (moved to `dead/`), and its first retry delay.
    var delivery: DeliverySettings { get }
    /// Whether the receiver forgets alerts unless they are sent again while firing
    /// (Alertmanager expires them), so the daemon re-sends each cycle.
    var refreshesWhileFiring: Bool { get }
    /// Delivers one event now: blocking, bounded by the receiver's timeout. Never logs and never throws: everything is in the outcome, and no outcome
    /// text holds a secret (URL tokens, header values, the signing key).
    func deliver(_ event: AlertEvent, at now: Instant) -> DeliveryOutcome
    /// Delivers the events of `group` as one message now (`Group=`), as `deliver` does one.
    func deliver(group: MessageGroup, at now: Instant) -> DeliveryOutcome
    /// How many of `events` (a prefix, at least one) fit in one grouped message at `now`.
    func groupCapacity(_ events: [AlertEvent], at now: Instant) -> Int
}
