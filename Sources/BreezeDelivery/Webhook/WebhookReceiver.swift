import BreezeAlerts
import BreezeConfig
import BreezeHTTP
import BreezeJSON
import BreezeVocabulary

/// A `[Webhook "…"]` receiver: builds its format's request and sends it through the injected
/// transport, bounded by the receiver's `Timeout=`.
public struct WebhookReceiver: Receiver {
    public let name: String
    public let delivery: DeliverySettings
    /// Where and how requests go: `URL=`, `Format=`, `Header=`, `Timeout=`.
    private let url: String
    private let format: WebhookFormat
    private let headers: [WebhookHeader]
    private let timeout: Duration
    /// `Secret=`'s key, nil without one; a failure when it is malformed (every attempt fails).
    private let signingKey: Result<SigningKey?, WebhookSetupError>
    private let transport: any HTTPTransport
    private let firingLifetime: Duration
    private let description: ReceiverDescription
    /// Where a Discord receiver keeps its episodes' message ids (nil: every event is a new
    /// message, as for `breezectl test-alert`).
    private let receipts: ReceiptStore?

    /// A receiver for the section `configuration`, sending through `transport`.
    /// `firingLifetime` is how long Alertmanager keeps a firing alert that is not sent again
    /// (four poll intervals, say). With a `stateDirectory`, a Discord receiver edits an
    /// episode's message in place (`DiscordEdits`), keeping its ids under `receipts/` there.
    public init(
        configuration: WebhookConfiguration, transport: any HTTPTransport,
        firingLifetime: Duration = .seconds(3600), stateDirectory: String? = nil
    ) {
        name = configuration.name
        delivery = configuration.delivery
        url = configuration.url
        format = configuration.format
        headers = configuration.headers
        timeout = configuration.timeout
        signingKey = Self.signingKey(configuration)
        self.transport = transport
        self.firingLifetime = firingLifetime
        self.description = ReceiverDescription(configuration)
        receipts = configuration.format == .discord
            ? stateDirectory.map { ReceiptStore(stateDirectory: $0, receiver: configuration.name) } : nil
    }

    public var refreshesWhileFiring: Bool { format == .alertmanager }

    /// `name (host)`: how outcome text names this receiver.
    public var place: String { "\(name) (\(description.place))" }

    public func deliver(_ event: AlertEvent, at now: Instant) -> DeliveryOutcome {
        let request: HTTPRequest
        switch self.request(for: event, at: now) {
        case .success(let built): request = built
        case .failure(let reason): return .permanent(reason: reason.message)
        }
        if let receipts, let thread = event.thread, !thread.isEmpty {
            let edit = DiscordEdits(receipts: receipts, transport: transport, description: description)
            return edit.deliver(event, thread: thread, post: request, edit: editBody(for: event, at: now), now: now)
        }
        return send(request, now: now)
    }

    /// Sends `request` and classifies the answer, every secret redacted.
    private func send(_ request: HTTPRequest, now: Instant) -> DeliveryOutcome {
        do {
            let response = try transport.send(request)
            return ResponseClassification.outcome(
                response, from: description.place, requestURL: request.url, now: now,
                redact: description.redact)
        } catch {
            return ResponseClassification.outcome(error, to: description.place, redact: description.redact)
        }
    }

    /// What every format is given at `now`: the URL, the receiver's time zone and audience.
    private func context(at now: Instant, signingKey: SigningKey? = nil) -> FormatContext {
        FormatContext(
            url: url, now: now, signingKey: signingKey, firingLifetime: firingLifetime, timeZone: delivery.timeZone,
            audience: delivery.audience)
    }

    /// `request` with the `Header=` lines as given and the receiver's timeout.
    private func finished(_ request: HTTPRequest) -> HTTPRequest {
        var request = request
        request.headers += headers.map { (name: $0.name, value: $0.value.value) }
        request.timeout = timeout
        // The status says whether it was delivered; of the body only an excerpt is ever used.
        request.needsWholeBody = false
        return request
    }

    /// The exact request one attempt at `now` sends: the format's, then the `Header=` lines
    /// as given, with the receiver's timeout. Fails only on a malformed signing secret.
    public func request(for event: AlertEvent, at now: Instant) -> Result<HTTPRequest, WebhookSetupError> {
        let key: SigningKey?
        switch signingKey {
        case .success(let value): key = value
        case .failure(let error): return .failure(error)
        }
        let context = context(at: now, signingKey: key)
        let request: HTTPRequest
        switch format {
        case .json: request = StandardWebhookFormat.request(for: event, context: context)
        case .slack: request = SlackFormat.request(for: event, context: context)
        case .discord: request = DiscordFormat.request(for: event, context: context)
        case .ntfy: request = NtfyFormat.request(for: event, context: context)
        case .alertmanager: request = AlertmanagerFormat.request(for: event, context: context)
        }
        return .success(finished(request))
    }

    /// The body of a Discord edit of `event`'s episode message: the message without `username`,
    /// which an edit cannot change.
    func editBody(for event: AlertEvent, at now: Instant) -> [UInt8] {
        var message = DiscordFormat.message(for: event, context: context(at: now))
        message["username"] = nil
        return JSONValue.object(message).bytes
    }

    /// Delivers `group` as one message in the format's grouped shape (`Group=`): a new
    /// message, never an update of an earlier one.
    public func deliver(group: MessageGroup, at now: Instant) -> DeliveryOutcome {
        guard let request = GroupFormats.request(format, group: group, context: context(at: now)) else {
            return .permanent(reason: "\(name): Format=\(format.rawValue) does not group messages")
        }
        return send(finished(request), now: now)
    }

    public func groupCapacity(_ events: [AlertEvent], at now: Instant) -> Int {
        GroupFormats.capacity(format, events, now: now, timeZone: delivery.timeZone)
    }

    /// The key of `Secret=`, nil without one; a failure naming the receiver and the key (never
    /// the value) when it starts with `whsec_` but the rest is not base64.
    private static func signingKey(_ configuration: WebhookConfiguration) -> Result<SigningKey?, WebhookSetupError> {
        guard let secret = configuration.secret else { return .success(nil) }
        guard let key = SigningKey(secret: secret) else {
            return .failure(WebhookSetupError(
                message: "\(configuration.name): Secret= starts with whsec_ but the rest is not base64"))
        }
        return .success(key)
    }
}

/// A receiver whose configuration cannot make a request (a malformed signing secret).
public struct WebhookSetupError: Error, Sendable, Equatable {
    /// Secret-free: names the receiver and the key, never the value.
    public let message: String
}
