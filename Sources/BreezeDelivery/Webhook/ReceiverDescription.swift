import BreezeConfig
import Foundation

/// How a webhook is named in outcome text: its section name and host, never its URL (Slack and
/// Discord URLs carry tokens), and never a secret.
struct ReceiverDescription: Sendable {
    /// `hooks.example.com` (with `:port` when one is given).
    let place: String
    /// Texts that must never appear in a reason: header values, the signing secret, the URL
    /// and its path and query.
    private let secrets: [String]

    init(_ configuration: WebhookConfiguration) {
        let components = URLComponents(string: configuration.url)
        let host = components?.host ?? "the webhook"
        place = host + (components?.port.map { ":\($0)" } ?? "")
        var secrets = configuration.headers.map(\.value.value) + [configuration.url]
        if let secret = configuration.secret?.value { secrets.append(secret) }
        if let components {
            secrets.append(components.percentEncodedPath)
            // Tokens are path segments (Slack's /services/T…/B…/<token>, Discord's
            // /api/webhooks/<id>/<token>) or query values: each long one is redacted alone too.
            secrets += components.percentEncodedPath.split(separator: "/").map(String.init).filter { $0.count >= 8 }
            if let query = components.percentEncodedQuery {
                secrets.append(query)
                secrets += query.split(separator: "&").compactMap { $0.split(separator: "=", maxSplits: 1).last.map(String.init) }
            }
        }
        // Longest first, so a secret containing another is removed whole; very short texts
        // ("/", "") would only mangle the reason.
        self.secrets = secrets.filter { $0.count >= 4 }.sorted { $0.count > $1.count }
    }

    /// `text` with every secret replaced by `<redacted>`.
    func redact(_ text: String) -> String {
        secrets.reduce(text) { result, secret in result.replacingAll(secret, with: "<redacted>") }
    }
}
