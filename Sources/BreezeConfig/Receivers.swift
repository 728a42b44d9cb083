/// A daily window, in local minutes since midnight, during which a receiver is not notified
/// (the notifications wait until it ends). The window may wrap past midnight (`22:00-07:00`).
public struct QuietHours: Sendable, Equatable, CustomStringConvertible {
    /// Minutes since midnight when the quiet starts, 0…1439.
    public var start: Int
    /// Minutes since midnight when the quiet ends, 0…1439.
    public var end: Int

    /// A window from `start` to `end`, in minutes since midnight.
    public init(start: Int, end: Int) {
        self.start = start
        self.end = end
    }

    /// Whether `minute` (since midnight) falls inside the window; the end is exclusive.
    public func contains(minute: Int) -> Bool {
        start < end ? (minute >= start && minute < end) : (minute >= start || minute < end)
    }

    /// `HH:MM-HH:MM`.
    public var description: String {
        "\(ValueSyntax.clockText(start))-\(ValueSyntax.clockText(end))"
    }
}

/// The payload shape a webhook receives.
public enum WebhookFormat: String, Sendable, CaseIterable {
    case json
    case slack
    case discord
    case ntfy
    case alertmanager
}

/// One HTTP header sent with each webhook request. The value may hold a credential.
public struct WebhookHeader: Sendable, Equatable {
    public var name: String
    public var value: Secret

    /// A header `name: value`.
    public init(name: String, value: Secret) {
        self.name = name
        self.value = value
    }
}

/// One `[Webhook "…"]` section.
public struct WebhookConfiguration: Sendable {
    public var name: String
    /// Where alerts are POSTed; http or https.
    public var url: String
    /// The payload shape. Default `json`.
    public var format: WebhookFormat
    /// The HMAC signing secret, from `Secret=` or `SecretFile=`.
    public var secret: Secret?
    /// Extra headers, in order (`Header=` accumulates; an empty `Header=` clears the list).
    public var headers: [WebhookHeader]
    /// The limit on each delivery attempt. Default 10 seconds.
    public var timeout: Duration
    /// Quiet hours, time zone, `MaxAge=`, `RetryInitialDelay=`, `Enabled=`.
    public var delivery: DeliverySettings

    /// A webhook with the documented defaults for what is not given.
    public init(
        name: String, url: String, format: WebhookFormat = .json, secret: Secret? = nil,
        headers: [WebhookHeader] = [], timeout: Duration = .seconds(10), delivery: DeliverySettings = DeliverySettings()
    ) {
        self.name = name
        self.url = url
        self.format = format
        self.secret = secret
        self.headers = headers
        self.timeout = timeout
        self.delivery = delivery
    }
}

/// One `[Email "…"]` section.
public struct EmailConfiguration: Sendable {
    public var name: String
    /// The recipients; at least one.
    public var to: [String]
    /// The sender. Default `breezed@<hostname>`.
    public var from: String
    /// `SMTP=`, `Sendmail=` or a Maildir (`Spool=`, default `<StateDirectory>/mail`).
    public var destination: MailDestination
    /// Put before every subject. Default `[Breeze]`.
    public var subjectPrefix: String
    /// The limit on each attempt: an SMTP submission or a `Sendmail=` run. Default 60 seconds.
    public var timeout: Duration
    /// Quiet hours, time zone (also of times in messages), `MaxAge=`, `RetryInitialDelay=`,
    /// `Enabled=`.
    public var delivery: DeliverySettings

    /// An email receiver with the documented defaults for what is not given.
    public init(
        name: String, to: [String], from: String, destination: MailDestination,
        subjectPrefix: String = "[Breeze]", timeout: Duration = .seconds(60),
        delivery: DeliverySettings = DeliverySettings()
    ) {
        self.name = name
        self.to = to
        self.from = from
        self.destination = destination
        self.subjectPrefix = subjectPrefix
        self.timeout = timeout
        self.delivery = delivery
    }

    /// An email receiver writing to the Maildir `spool`, as `Spool=` chooses.
    public init(
        name: String, to: [String], from: String, spool: String, subjectPrefix: String = "[Breeze]",
        delivery: DeliverySettings = DeliverySettings()
    ) {
        self.init(
            name: name, to: to, from: from, destination: .maildir(path: spool, chosen: true),
            subjectPrefix: subjectPrefix, delivery: delivery)
    }
}

extension Configuration {
    /// Every receiver's name and delivery settings, disabled ones included: webhooks first,
    /// each in file order (as `receiverNames`).
    public var receiverDeliverySettings: [(name: String, delivery: DeliverySettings)] {
        webhooks.map { ($0.name, $0.delivery) } + emails.map { ($0.name, $0.delivery) }
    }
}
