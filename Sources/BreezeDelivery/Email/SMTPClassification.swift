import BreezeHTTP

/// Turns an SMTP submission's result into a delivery outcome, as `ResponseClassification` does
/// an HTTP answer: taken → delivered (partly, naming the refused recipients, when the server
/// refused some); a 4xx reply → retried; a 5xx reply → permanent (to `dead/` with the server's
/// words); no reply at all (no connection, a timeout, TLS failed or not offered) → retried.
enum SMTPClassification {
    /// The outcome of `result` from the server `place` (`host:port`); `redact` removes the
    /// password from the server's words, which are also freed of controls and cut short.
    static func outcome(_ result: MailSubmissionResult, from place: String, redact: (String) -> String)
        -> DeliveryOutcome
    {
        switch result {
        case .accepted(let refused):
            guard !refused.isEmpty else { return .delivered }
            return .partlyDelivered(refused: "\(place) refused " + list(refused, redact: redact))
        case .rejected(let reply, let refused):
            var reason = "SMTP \(reply.code) from \(place)"
            if !refused.isEmpty {
                reason += ": refused " + list(refused, redact: redact)
            } else {
                let text = words(reply.text, redact: redact)
                if !text.isEmpty { reason += ": " + text }
            }
            return (400..<500).contains(reply.code)
                ? .retry(reason: reason, retryAfter: nil) : .permanent(reason: reason)
        case .failed(let why):
            return .retry(reason: redact("\(place): \(why)"), retryAfter: nil)
        }
    }

    /// `bob@example.org (550 5.1.1 no such user), carol@example.org (…)`.
    private static func list(_ refused: [RefusedRecipient], redact: (String) -> String) -> String {
        refused.map { recipient in
            let text = words(recipient.reply.text, redact: redact)
            return words(recipient.address, redact: redact) + " (\(recipient.reply.code)" + (text.isEmpty ? ")" : " \(text))")
        }.joined(separator: ", ")
    }

    /// The server's `text`, secrets removed before it is cut, on one line, at most 200 characters.
    private static func words(_ text: String, redact: (String) -> String) -> String {
        ResponseClassification.bodyExcerpt(Array(text.utf8), redact: redact)
    }
}
