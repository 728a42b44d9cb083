import BreezeConfig
import BreezeHTTP

/// Builds the configured receivers.
public enum Receivers {
    /// The enabled receivers of `configuration`, webhooks then emails, each in file order.
    /// Webhooks send through `transport`; `hostname` goes into email Message-IDs and spool
    /// names. Alertmanager alerts live four poll intervals unless sent again (as Prometheus
    /// gives its alerts four evaluation intervals). With `stateDirectory` (the daemon's),
    /// Discord receivers edit an episode's message in place; without, every event is new.
    /// Email receivers with `SMTP=` submit through `mailTransport`.
    public static func make(
        configuration: Configuration, transport: any HTTPTransport, hostname: String,
        stateDirectory: String? = nil, mailTransport: any MailTransport = CurlMailTransport()
    ) -> [any Receiver] {
        let lifetime = configuration.breeze.pollInterval * 4
        let webhooks: [any Receiver] = configuration.webhooks.filter(\.delivery.enabled).map { webhook in
            WebhookReceiver(
                configuration: webhook, transport: transport, firingLifetime: lifetime, stateDirectory: stateDirectory)
        }
        let emails: [any Receiver] = configuration.emails.filter(\.delivery.enabled).map { email in
            EmailReceiver(configuration: email, hostname: hostname, mailTransport: mailTransport)
        }
        return webhooks + emails
    }
}
