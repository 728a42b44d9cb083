import Testing

@testable import BreezeConfig

/// What delivery would parse is checked at load: signing secrets from a file, and the rule for
/// header names (which does not depend on how the name is written).
struct DeliveryValidationTests {
    @Test func aSecretFileWithBrokenBase64IsAnErrorAtItsLine() {
        let context = LoadContext(readFile: { _ in .success("whsec_not base64!\n") })
        let outcome = Load.text("[Webhook \"ops\"]\nURL=https://a.example/hook\nSecretFile=/etc/breeze/ops.secret\n", context: context)
        #expect(outcome.errors == ["breezed.conf:3: SecretFile=/etc/breeze/ops.secret: the file starts with whsec_ but the rest is not base64"])
    }

    @Test(arguments: ["whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "hunter22", "whsec_c2VjcmV0"])
    func validSecretsLoad(secret: String) throws {
        let outcome = Load.text("[Webhook \"ops\"]\nURL=https://a.example/hook\nSecret=\(secret)\n")
        #expect(outcome.errors.isEmpty)
        #expect(outcome.configuration?.webhooks.first?.secret?.value == secret)
    }

    @Test(arguments: ["Content-Length", "CONTENT-LENGTH", "host", "Transfer-Encoding", "Keep-Alive", "Proxy-Connection", "Trailer", "Content-Encoding"])
    func framingHeadersAreRefusedInAnyCase(name: String) {
        #expect(HeaderRules.problem(name: name, format: .slack) != nil)
    }

    @Test(arguments: ["Authorization", "X-Team", "User-Agent", "Title"])
    func ordinaryHeadersAreAllowed(name: String) {
        #expect(HeaderRules.problem(name: name, format: .json) == nil)
    }
}
