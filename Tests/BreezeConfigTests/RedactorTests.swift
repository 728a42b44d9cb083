import Foundation
import Testing

@testable import BreezeConfig

/// Every form in which a secret can come back is removed, and nothing else is touched.
struct RedactorTests {
    @Test(arguments: [
        "key+with/slash=", "key%2Bwith%2Fslash%3D", "key%2bwith%2fslash%3d", "key+with\\/slash=",
        "a2V5K3dpdGgvc2xhc2g9", "a2V5K3dpdGgvc2xhc2g9", "a2V5K3dpdGgvc2xhc2g9",
    ])
    func everyFormOfAnAPIKeyIsRedacted(form: String) {
        let redactor = Redactor(secrets: ["key+with/slash="])
        #expect(redactor.redact("the key \(form) is invalid") == "the key <redacted> is invalid")
    }

    @Test func spacesMayComeBackAsPlusSigns() {
        #expect(Redactor(secrets: ["open sesame"]).redact("got open+sesame") == "got <redacted>")
    }

    @Test func urlCredentialsAndTheirBasicHeaderAreRedacted() {
        let webhook = WebhookConfiguration(name: "ops", url: "https://alice:pa%24%24word@hooks.example.com/hook")
        let redactor = Redactor(webhook: webhook)
        let basic = Data("alice:pa$$word".utf8).base64EncodedString()
        #expect(redactor.redact("Authorization: Basic \(basic)") == "Authorization: Basic <redacted>")
        #expect(redactor.redact("you are alice:pa$$word") == "you are <redacted>")
        #expect(redactor.redact("password pa$$word or pa%24%24word") == "password <redacted> or <redacted>")
    }

    @Test func headerValuesAndTheSigningSecretInEveryForm() {
        let webhook = WebhookConfiguration(
            name: "ops", url: "https://hooks.example.com/hook", secret: Secret("whsec_c2VjcmV0c2VjcmV0"),
            headers: [WebhookHeader(name: "Authorization", value: Secret("Bearer tok/en"))])
        let redactor = Redactor(webhook: webhook)
        for form in ["Bearer tok/en", "Bearer%20tok%2Fen", "Bearer+tok%2Fen", "whsec_c2VjcmV0c2VjcmV0", "c2VjcmV0c2VjcmV0", "secretsecret"] {
            #expect(redactor.redact("[\(form)]") == "[<redacted>]", "\(form)")
        }
    }

    @Test func aSecretContainingAnotherIsRemovedWhole() {
        let redactor = Redactor(secrets: ["abcd", "abcdefgh"])
        #expect(redactor.redact("x abcdefgh y") == "x <redacted> y")
    }

    @Test func shortValuesAndOtherTextAreLeftAlone() {
        let redactor = Redactor(secrets: ["pw", "Hazardous"])
        #expect(redactor.redact("HTTP 500 from pw.example: Hazardous") == "HTTP 500 from pw.example: <redacted>")
        #expect(Redactor.none.redact("nothing secret") == "nothing secret")
    }
}
