import BreezeAlerts
import BreezeConfig
import BreezeHTTP

/// A `[Webhook "…"]` receiver: builds its format's request and sends it through the injected
/// transport, bounded by the receiver's `Timeout=`.
public struct WebhookReceiver: Receiver {
    public let configuration: WebhookConfiguration
    private let transport: any HTTPTransport
    private let firingLifetime: Duration
    private let description: ReceiverDescription

    /// A receiver for `configuration` sending through `transport`. `firingLifetime` is how long
    /// Alertmanager keeps a firing alert that is not sent again (four poll intervals, say).
    public init(
        configuration: WebhookConfiguration, transport: any HTTPTransport,
        firingLifetime: Duration = .seconds(3600)
    ) {
        self.configuration = configuration
        self.transport = transport
        self.firingLifetime = firingLifetime
        self.description = ReceiverDescription(configuration)
    }

    public var name: String { configuration.name }
    public var quietHours: QuietHours? { configuration.quietHours }
    public var timeZone: String? { configuration.timeZone }
    public var maxAge: Duration { configuration.maxAge }
    public var refreshesWhileFiring: Bool { configuration.format == .alertmanager }

    /// `name (host)`: how outcome text names this receiver.
    public var place: String { "\(configuration.name) (\(description.place))" }

    public func deliver(_ event: AlertEvent, at now: Double) -> DeliveryOutcome {
        let request: HTTPRequest
        switch self.request(for: event, at: now) {
        case .success(let built): request = built
        case .failure(let reason): return .permanent(reason: reason.message)
        }
        do {
            let response = try transport.send(request)
            return ResponseClassification.outcome(
                response, from: description.place, requestURL: request.url, now: now,
                redact: description.redact)
        } catch {
            return ResponseClassification.outcome(error, to: description.place, redact: description.redact)
        }
    }

    /// The exact request one attempt at `now` sends: the format's, then the `Header=` lines
    /// as given, with the receiver's timeout. Fails only on a malformed signing secret.
    public func request(for event: AlertEvent, at now: Double) -> Result<HTTPRequest, WebhookSetupError> {
        var signingKey: SigningKey?
        if let secret = configuration.secret {
            guard let key = SigningKey(secret: secret) else {
                return .failure(WebhookSetupError(
                    message: "\(configuration.name): Secret= starts with whsec_ but the rest is not base64"))
            }
            signingKey = key
        }
        let context = FormatContext(
            url: configuration.url, now: now, signingKey: signingKey, firingLifetime: firingLifetime,
            timeZone: configuration.timeZone)
        var request: HTTPRequest
        switch configuration.format {
        case .json: request = StandardWebhookFormat.request(for: event, context: context)
        case .slack: request = SlackFormat.request(for: event, context: context)
        case .discord: request = DiscordFormat.request(for: event, context: context)
        case .ntfy: request = NtfyFormat.request(for: event, context: context)
        case .alertmanager: request = AlertmanagerFormat.request(for: event, context: context)
        }
        request.headers += configuration.headers.map { (name: $0.name, value: $0.value.value) }
        request.timeout = configuration.timeout
        // The status says whether it was delivered; of the body only an excerpt is ever used.
        request.needsWholeBody = false
        return .success(request)
    }
}

/// A receiver whose configuration cannot make a request (a malformed signing secret).
public struct WebhookSetupError: Error, Sendable, Equatable {
    /// Secret-free: names the receiver and the key, never the value.
    public let message: String
}
