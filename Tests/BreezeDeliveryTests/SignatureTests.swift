import BreezeTestSupport
import BreezeConfig
import BreezeDelivery
import BreezeHTTP
import Foundation
import BreezeVocabulary
import Testing

/// Standard Webhooks signatures, checked by an independent implementation: Python's hmac in the
/// loopback receiver fixture.
@Suite(.serialized)
struct SignatureTests {
    static let secret = "whsec_" + Data("0123456789abcdef0123456789abcdef".utf8).base64EncodedString()

    private func receiver(url: String, secret: String) -> WebhookReceiver {
        WebhookReceiver(
            configuration: WebhookConfiguration(name: "ops", url: url, secret: Secret(secret), timeout: .seconds(5)),
            transport: CurlTransport(options: .init(userAgent: "breeze-tests")))
    }

    @Test func loopbackReceiverVerifiesTheSignature() throws {
        let server = try WebhookReceiverServer(secret: Self.secret)
        defer { server.stop() }
        let outcome = receiver(url: server.baseURL + "/hook", secret: Self.secret)
            .deliver(SampleEvents.event(), at: ClockReading.system().wall)
        #expect(outcome == .delivered)
        let recorded = try server.requests()
        #expect(recorded.count == 1)
        #expect(recorded.first?["signature_valid"] as? Bool == true)
        let headers = recorded.first?["headers"] as? [String: String]
        #expect(headers?["webhook-id"] == "paris-1787234700-1-firing")
        #expect(headers?["webhook-signature"]?.hasPrefix("v1,") == true)
    }

    @Test func wrongSecretFailsVerification() throws {
        let server = try WebhookReceiverServer(secret: Self.secret)
        defer { server.stop() }
        let other = "whsec_" + Data("another key, another signature!!".utf8).base64EncodedString()
        _ = receiver(url: server.baseURL + "/hook", secret: other).deliver(SampleEvents.event(), at: 1_787_234_800)
        #expect(try server.requests().first?["signature_valid"] as? Bool == false)
    }

    @Test func retriesSendIdenticalBodiesWithValidSignatures() throws {
        let server = try WebhookReceiverServer(secret: Self.secret)
        defer { server.stop() }
        try server.respond([["status": 503, "count": 1, "retry_after": 2]])
        let receiver = receiver(url: server.baseURL + "/hook", secret: Self.secret)
        let first = receiver.deliver(SampleEvents.event(), at: 1_787_234_800)
        guard case .retry(let reason, let retryAfter) = first else {
            Issue.record("expected a retry, got \(first)")
            return
        }
        #expect(reason == "HTTP 503 from 127.0.0.1:\(server.port)")
        #expect(retryAfter == .seconds(2))
        #expect(receiver.deliver(SampleEvents.event(), at: 1_787_234_860) == .delivered)
        let recorded = try server.requests()
        #expect(recorded.count == 2)
        #expect(recorded[0]["body"] as? String == recorded[1]["body"] as? String)
        #expect(recorded.allSatisfy { $0["signature_valid"] as? Bool == true })
        let ids = recorded.map { ($0["headers"] as? [String: String])?["webhook-id"] }
        #expect(ids[0] == ids[1])
    }

    @Test func secretWithoutPrefixSignsWithItsOwnBytes() throws {
        let key = try #require(SigningKey(secret: Secret("plain passphrase")))
        #expect(key.bytes == Array("plain passphrase".utf8))
        #expect(SigningKey(secret: Secret("whsec_not base64!")) == nil)
        // RFC 4231 test case 2: key "Jefe", data "what do ya want for nothing?".
        let signature = LibCrypto.hmacSHA256(key: Array("Jefe".utf8), message: Array("what do ya want for nothing?".utf8))
        #expect(LibCrypto.hex(signature) == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        #expect(LibCrypto.hex(LibCrypto.sha256([])) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test func malformedPrefixedSecretIsAPermanentFailureWithoutTheSecret() {
        let outcome = receiver(url: "http://127.0.0.1:9/hook", secret: "whsec_%%%%secret%%%%").deliver(SampleEvents.event(), at: 0)
        guard case .permanent(let reason) = outcome else {
            Issue.record("expected permanent, got \(outcome)")
            return
        }
        #expect(!reason.contains("%%%%secret"))
        #expect(reason.contains("not base64"))
    }
}
