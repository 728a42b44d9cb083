import CCurl
import BreezeVocabulary

/// Reads a `Retry-After` value (RFC 9110 §10.2.3): whole seconds, or an HTTP date.
public enum RetryAfter {
    /// The wait `text` asks for: `120` is two minutes; `Wed, 21 Oct 2026 07:28:00 GMT` is the
    /// time until then from `now`, zero when it has passed. Dates are parsed by
    /// libcurl's `curl_getdate`, which reads all three HTTP date forms. Nil for anything else.
    public static func delay(_ text: String, now: Instant) -> Duration? {
        guard !text.isEmpty else { return nil }
        if text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
            // Past a year every value means "much later"; the cap keeps the arithmetic finite.
            return .seconds(Int(text.prefix(9)).map { min($0, 366 * 86_400) } ?? 366 * 86_400)
        }
        let date = curl_getdate(text, nil)
        guard date != -1, now.unixSeconds.isFinite else { return nil }
        let seconds = Double(date) - now.unixSeconds
        return .seconds(min(max(seconds.rounded(.up), 0), 366 * 86_400))
    }
}
