import BreezeHTTP
import BreezeJSON
import FoundationEssentials
import BreezeVocabulary

/// Turns an HTTP answer into a delivery outcome, as Standard Webhooks and Alertmanager do:
/// 2xx delivered (whatever its body's size); 408, 429 and 5xx retried (honouring `Retry-After`
/// in seconds or as a date, or Discord's `retry_after` body field in seconds); a redirect
/// retried, never followed, with where it points; 410 gone; any other status permanent.
enum ResponseClassification {
    /// How much of a response body goes into a reason.
    static let bodyExcerptLength = 200

    /// The outcome of `response` from `place` (a secret-free description of the receiver) to
    /// a request for `requestURL` sent at `now`; `redact` removes secrets from
    /// the body excerpt and a redirect's location.
    static func outcome(
        _ response: HTTPResponse, from place: String, requestURL: String, now: Instant,
        redact: (String) -> String
    ) -> DeliveryOutcome {
        let status = response.status
        if (200..<300).contains(status) { return .delivered }
        let retryAfter = response.retryAfter(now: now)
        if let redirect = HTTPRedirect(response, requestURL: requestURL) {
            // Retried, not dropped: the entry waits in the outbox until URL= is corrected and
            // the configuration reloaded (or MaxAge= passes).
            return .retry(
                reason: redact("HTTP \(redirect.status) from \(place) to \(redirect.location): "
                    + "redirects are not followed, update URL="),
                retryAfter: retryAfter)
        }
        var reason = "HTTP \(status) from \(place)"
        let excerpt = bodyExcerpt(response.body, redact: redact)
        if !excerpt.isEmpty { reason += ": " + excerpt }
        switch status {
        case 408, 429, 500..<600:
            return .retry(reason: reason, retryAfter: retryAfter ?? bodyRetryAfter(response.body))
        case 410:
            return .gone(reason: reason)
        default:
            return .permanent(reason: reason)
        }
    }

    /// The outcome of a request that got no response at all: always worth retrying.
    static func outcome(_ error: HTTPError, to place: String, redact: (String) -> String) -> DeliveryOutcome {
        .retry(reason: redact("\(place): \(error)"), retryAfter: nil)
    }

    /// The first 200 characters of `body` on one line, secrets removed before it is cut (so
    /// no cut can leave part of one): line breaks and tabs become spaces, runs of spaces one,
    /// the other unsafe scalars their escapes (`VisibleText`: `\x1B`, `\u{202E}`).
    static func bodyExcerpt(_ body: [UInt8], redact: (String) -> String) -> String {
        let decoded = redact(String(decoding: body.prefix(65_536), as: UTF8.self))
        let spaced = String(String.UnicodeScalarView(decoded.unicodeScalars.map { "\n\r\t".unicodeScalars.contains($0) ? " " : $0 }))
        let text = VisibleText.escaped(spaced)
        let words = text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        guard words.count > bodyExcerptLength else { return words }
        return String(words.prefix(bodyExcerptLength)) + "…"
    }

    /// Discord's 429 body: `{"retry_after": 1.5, …}` in seconds.
    static func bodyRetryAfter(_ body: [UInt8]) -> Duration? {
        guard let seconds = JSONObjectMember.number("retry_after", in: body), seconds.isFinite,
            seconds >= 0, seconds < 86_400
        else { return nil }
        return .milliseconds(Int64((seconds * 1000).rounded(.up)))
    }
}
