import BreezeConfig
import BreezeDelivery
import BreezeHTTP
import BreezeTestSupport
import BreezeVocabulary
import Testing

/// `Receivers.make`: only enabled receivers, in order, with their kinds.
struct ReceiversTests {
    @Test func makesEnabledReceiversInOrder() {
        let configuration = Configuration(
            webhooks: [
                WebhookConfiguration(name: "ops", url: "https://a.example", format: .alertmanager),
                WebhookConfiguration(name: "off", url: "https://b.example", delivery: DeliverySettings(enabled: false)),
                WebhookConfiguration(name: "chat", url: "https://c.example", format: .slack),
            ],
            emails: [
                EmailConfiguration(name: "mail", to: ["a@example.com"], from: "b@example.com", spool: "/tmp/x"),
                EmailConfiguration(name: "quiet", to: ["a@example.com"], from: "b@example.com", spool: "/tmp/y", delivery: DeliverySettings(enabled: false)),
            ])
        let receivers = Receivers.make(
            configuration: configuration, transport: RecordingTransport(outcomes: [.success(HTTPResponse(status: 200))]),
            hostname: "host")
        #expect(receivers.map(\.name) == ["ops", "chat", "mail"])
        #expect(receivers.map(\.refreshesWhileFiring) == [true, false, false])
        #expect(receivers[2] is EmailReceiver)
    }
}
