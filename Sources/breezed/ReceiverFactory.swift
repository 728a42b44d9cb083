import BreezeConfig
import BreezeDelivery
import BreezeHTTP

/// The production receivers of a configuration.
///
/// Interim: the webhooks only, until the receivers branch provides `Receivers.make`
/// (webhooks and email spools); then this file gives way to it.
enum ReceiverFactory {
    static func make(_ configuration: Configuration, userAgent: String) -> [any Receiver] {
        let transport = CurlTransport(options: .init(userAgent: userAgent))
        // Alertmanager keeps a firing alert four poll intervals without a refresh.
        let lifetime = configuration.breeze.pollInterval * 4
        return configuration.webhooks.filter(\.enabled).map { webhook in
            WebhookReceiver(configuration: webhook, transport: transport, firingLifetime: lifetime)
        }
    }
}
