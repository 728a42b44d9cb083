import BreezeAlerts
import BreezeHTTP

/// What a webhook format needs besides the event to build its request.
struct FormatContext: Sendable {
    /// The configured URL.
    var url: String
    /// Unix seconds of this attempt.
    var now: Double
    /// Signs Standard Webhooks requests when a secret is configured.
    var signingKey: SigningKey?
    /// How long Alertmanager keeps a firing alert without a re-send.
    var firingLifetime: Duration
}

/// A webhook payload shape: turns an event into the request its service documents. The
/// receiver adds the configured `Header=` lines and the timeout.
protocol WebhookPayloadFormat {
    static func request(for event: AlertEvent, context: FormatContext) -> HTTPRequest
}
