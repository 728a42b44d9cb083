#if canImport(Glibc)
import Glibc
#endif
import BreezeConfig
import BreezeDelivery
import BreezeHTTP
import BreezeTestSupport
import BreezeVocabulary
import Testing

/// Redirects, `Retry-After` dates and oversized bodies as webhook outcomes.
struct RedirectClassificationTests {
    static let url = "https://hooks.example.com/services/T000/B000/SECRETTOKEN"

    private func deliver(_ response: HTTPResponse) -> DeliveryOutcome {
        let configuration = WebhookConfiguration(name: "ops", url: Self.url)
        return WebhookReceiver(configuration: configuration, transport: RecordingTransport(outcomes: [.success(response)]))
            .deliver(SampleEvents.event(), at: SampleEvents.createdAt)
    }

    /// Until 0.1 libcurl followed these: a 301 became a GET without the body whose 200 counted
    /// as delivered, a 307 sent the signed body to the other host. Now each is a failed attempt,
    /// retried (the entry waits for URL= to be corrected), saying where it points.
    @Test(arguments: [301, 302, 303, 307, 308])
    func aRedirectIsRetriedWithWhereItPoints(status: Int) {
        let outcome = deliver(HTTPResponse(status: status, headers: ["Location": "https://other.example.net/hook"]))
        #expect(outcome == .retry(
            reason: "HTTP \(status) from hooks.example.com to https://other.example.net/hook: redirects are not followed, update URL=",
            retryAfter: nil))
    }

    @Test func aRelativeLocationIsShownAbsoluteWithoutTheURLToken() {
        let outcome = deliver(HTTPResponse(status: 308, headers: ["Location": "/v2/B000/SECRETTOKEN"]))
        #expect(outcome == .retry(
            reason: "HTTP 308 from hooks.example.com to https://hooks.example.com/v2/B000/<redacted>: redirects are not followed, update URL=",
            retryAfter: nil))
    }

    @Test func aRetryAfterDateIsHonoured() {
        // SampleEvents.createdAt plus ten minutes, as an HTTP date.
        let date = TimeOfDay.httpDate((SampleEvents.createdAt + .seconds(600)).unixSeconds)
        let outcome = deliver(HTTPResponse(status: 503, headers: ["Retry-After": date]))
        #expect(outcome == .retry(reason: "HTTP 503 from hooks.example.com", retryAfter: .seconds(600)))
    }

    @Test func aSuccessWithAnOversizedBodyIsDelivered() {
        let outcome = deliver(HTTPResponse(status: 200, body: Array(repeating: 120, count: 1024), bodyTruncated: true))
        #expect(outcome == .delivered)
    }
}

/// IMF-fixdate for test inputs (`Wed, 21 Oct 2026 07:28:00 GMT`), by the C library.
enum TimeOfDay {
    static func httpDate(_ unixTime: Double) -> String {
        var time = time_t(unixTime)
        var parts = tm()
        gmtime_r(&time, &parts)
        var buffer = [CChar](repeating: 0, count: 64)
        let count = strftime(&buffer, buffer.count, "%a, %d %b %Y %H:%M:%S GMT", &parts)
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
