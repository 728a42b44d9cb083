import BreezeAlerts
import BreezeHTTP
import BreezeModel
import BreezeVocabulary

/// What a webhook format needs besides the event to build its request.
struct FormatContext: Sendable {
    /// The configured URL.
    var url: String
    /// When this attempt is made.
    var now: Instant
    /// Signs Standard Webhooks requests when a secret is configured.
    var signingKey: SigningKey?
    /// How long Alertmanager keeps a firing alert without a re-send.
    var firingLifetime: Duration
    /// The receiver's `TimeZone=`: times for people are in the city's zone, else this one,
    /// else the system's.
    var timeZone: String? = nil
    /// The receiver's `Audience=`: whose advice its messages carry (`AdviceText`).
    var audience: Audience = .general

    /// The text people read about `event` in this attempt.
    func text(_ event: AlertEvent) -> AlertText {
        AlertText(event, now: now, receiverTimeZone: timeZone)
    }
}

/// A webhook payload shape: turns an event into the request its service documents. The
/// receiver adds the configured `Header=` lines and the timeout.
protocol WebhookPayloadFormat {
    static func request(for event: AlertEvent, context: FormatContext) -> HTTPRequest
}
