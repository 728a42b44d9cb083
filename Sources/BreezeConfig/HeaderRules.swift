/// Which `Header=` names a webhook may not set: those that frame the request or manage the
/// connection (a second `Content-Length` or `Host` makes the request ambiguous or sends it
/// elsewhere), and those its format already sets.
enum HeaderRules {
    /// Set by breezed or libcurl for every request, or hop-by-hop (RFC 9110 §7.6.1).
    static let reserved: Set<String> = [
        "host", "content-length", "transfer-encoding", "connection", "keep-alive",
        "proxy-connection", "te", "trailer", "upgrade", "expect", "content-type",
        "content-encoding",
    ]

    /// Set by the Standard Webhooks format (`Format=json`) on every message.
    static let standardWebhooks: Set<String> = ["webhook-id", "webhook-timestamp", "webhook-signature"]

    /// Why `name` cannot be sent by a webhook of `format`, or nil when it can.
    static func problem(name: String, format: WebhookFormat) -> String? {
        let lowered = name.lowercased()
        if reserved.contains(lowered) {
            return "Header=\(name): breezed sets this header itself (it frames the request or the connection); remove it"
        }
        if format == .json, standardWebhooks.contains(lowered) {
            return "Header=\(name): Format=json sets this header itself (Standard Webhooks); remove it"
        }
        return nil
    }
}
