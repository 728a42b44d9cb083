import BreezeConfig

/// How a webhook is named in outcome text: its section name and host, never its URL (Slack and
/// Discord URLs carry tokens), and never a secret.
struct ReceiverDescription: Sendable {
    /// `hooks.example.com` (with `:port` when one is given; never `user:password@`).
    let place: String
    /// Removes the webhook's secrets (URL, its parts and credentials, header values, the
    /// signing secret) in every form they may come back in.
    private let redactor: Redactor

    init(_ configuration: WebhookConfiguration) {
        place = Redactor.place(ofURL: configuration.url, unreadable: "the webhook")
        redactor = Redactor(webhook: configuration)
    }

    /// `text` with every secret replaced by `<redacted>`.
    func redact(_ text: String) -> String { redactor.redact(text) }
}
