import BreezeConfig
import BreezeDelivery
import BreezeHTTP
import BreezeTestSupport
import BreezeVocabulary
import Testing

/// How answers become outcomes: the table from the issue, and no secret in any reason.
struct ClassificationTests {
    static let url = "https://hooks.example.com/services/T000/B000/SECRETTOKEN"

    private func deliver(_ result: Result<HTTPResponse, HTTPError>, format: WebhookFormat = .json) -> DeliveryOutcome {
        let configuration = WebhookConfiguration(
            name: "ops", url: Self.url, format: format, secret: Secret("signing-secret-value"),
            headers: [WebhookHeader(name: "Authorization", value: Secret("Bearer header-secret"))])
        return WebhookReceiver(configuration: configuration, transport: RecordingTransport(outcomes: [result]))
            .deliver(SampleEvents.event(), at: SampleEvents.createdAt)
    }

    @Test(arguments: [200, 201, 202, 204])
    func successIsDelivered(status: Int) {
        #expect(deliver(.success(HTTPResponse(status: status))) == .delivered)
    }

    @Test(arguments: [408, 429, 500, 502, 503])
    func transientStatusesAreRetried(status: Int) {
        let outcome = deliver(.success(HTTPResponse(status: status, body: Array("busy".utf8))))
        #expect(outcome == .retry(reason: "HTTP \(status) from hooks.example.com: busy", retryAfter: nil))
    }

    @Test func retryAfterHeaderIsHonoured() {
        let outcome = deliver(.success(HTTPResponse(status: 429, headers: ["Retry-After": "30"])))
        #expect(outcome == .retry(reason: "HTTP 429 from hooks.example.com", retryAfter: .seconds(30)))
    }

    @Test func discordRetryAfterBodyIsHonoured() {
        let body = #"{"message": "You are being rate limited.", "retry_after": 1.25, "global": false}"#
        let outcome = deliver(.success(HTTPResponse(status: 429, body: Array(body.utf8))), format: .discord)
        guard case .retry(_, let retryAfter) = outcome else {
            Issue.record("expected retry, got \(outcome)")
            return
        }
        #expect(retryAfter == .milliseconds(1250))
    }

    @Test func goneDisablesTheReceiver() {
        #expect(deliver(.success(HTTPResponse(status: 410, body: Array("no_service".utf8))))
            == .gone(reason: "HTTP 410 from hooks.example.com: no_service"))
    }

    @Test(arguments: [400, 401, 403, 404, 422])
    func otherClientErrorsArePermanent(status: Int) {
        #expect(deliver(.success(HTTPResponse(status: status))) == .permanent(reason: "HTTP \(status) from hooks.example.com"))
    }

    @Test func bodyExcerptIsShortOneLineAndSecretFree() {
        let echo = "bad request\r\nyou sent Bearer header-secret to \(Self.url) signed with signing-secret-value "
            + String(repeating: "x", count: 500)
        let outcome = deliver(.success(HTTPResponse(status: 400, body: Array(echo.utf8))))
        guard case .permanent(let reason) = outcome else {
            Issue.record("expected permanent, got \(outcome)")
            return
        }
        #expect(reason.hasPrefix("HTTP 400 from hooks.example.com: bad request you sent <redacted> to <redacted> signed with <redacted> xxx"))
        #expect(!reason.contains("header-secret"))
        #expect(!reason.contains("SECRETTOKEN"))
        #expect(!reason.contains("signing-secret-value"))
        #expect(!reason.contains("\n"))
        #expect(reason.count < 260)
    }

    @Test func aURLTokenEchoedAloneIsRedacted() {
        let outcome = deliver(.success(HTTPResponse(status: 404, body: Array("no hook SECRETTOKEN here".utf8))))
        #expect(outcome == .permanent(reason: "HTTP 404 from hooks.example.com: no hook <redacted> here"))
    }

    @Test(arguments: [HTTPError.timeout, .connectionRefused, .connectionReset("reset by peer"), .tls("bad certificate")])
    func transportErrorsAreRetried(error: HTTPError) {
        #expect(deliver(.failure(error)) == .retry(reason: "hooks.example.com: \(error)", retryAfter: nil))
    }

    @Test func transportErrorTextNeverHoldsTheURLToken() {
        let outcome = deliver(.failure(.connectionFailed("Could not reach \(Self.url)")))
        guard case .retry(let reason, _) = outcome else {
            Issue.record("expected retry, got \(outcome)")
            return
        }
        #expect(!reason.contains("SECRETTOKEN"))
    }
}
