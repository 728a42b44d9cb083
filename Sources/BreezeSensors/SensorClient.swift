import BreezeConfig
import BreezeHTTP
import BreezeModel
import BreezeVocabulary

/// Asks a `[Sensor]` once: one GET over an `HTTPTransport`, the answer checked and read by its
/// kind's reader (`SensorReaders`). Synchronous, as the transport is: the daemon calls it from
/// its own queue.
///
/// Every body is hostile: at most `maximumBodySize` is read, redirects are never followed (a
/// 3xx is a failure naming where it pointed), a status other than 2xx, an HTML page (a captive
/// portal, a router's login) and a body of another shape are failures. Every failure message has
/// the API key removed in every form it could come back in (`Redactor`): servers echo keys.
public struct SensorClient: Sendable {
    /// The largest body read: a PurpleAir's `/json` is about 3 KiB, AirNow's answer under 4 KiB.
    public static let maximumBodySize = 256 << 10

    public let transport: any HTTPTransport
    private let clock: @Sendable () -> ClockReading

    /// A client sending over `transport` (`CurlTransport` with `transportOptions`), stamping
    /// answers with `clock`'s wall time.
    public init(transport: any HTTPTransport, clock: @escaping @Sendable () -> ClockReading = ClockReading.system) {
        self.transport = transport
        self.clock = clock
    }

    /// The limits of a `CurlTransport` for sensors: `maximumBodySize`, 5 s to connect (a device
    /// on the LAN answers in milliseconds or not at all), 30 s at most for a transfer (each
    /// request's own `timeout` caps it lower).
    public static func transportOptions(userAgent: String) -> CurlTransport.Options {
        CurlTransport.Options(
            connectTimeout: .seconds(5), totalTimeout: .seconds(30), maximumBodySize: maximumBodySize,
            userAgent: userAgent)
    }

    /// What `request`'s sensor answers now, or why it gave nothing usable.
    public func fetch(_ request: SensorRequest) -> Result<SensorAnswer, SensorFailure> {
        let redactor = Redactor(secrets: request.apiKey.map { [$0] } ?? [])
        return answer(request).mapError { failure in
            SensorFailure(redactor.redact(failure.message), limitReached: failure.limitReached)
        }
    }

    private func answer(_ request: SensorRequest) -> Result<SensorAnswer, SensorFailure> {
        var http = HTTPRequest.get(request.url, query: request.query)
        http.headers = [(name: "Accept", value: "application/json")]
        http.timeout = request.timeout
        let response: HTTPResponse
        do {
            response = try transport.send(http)
        } catch {
            return .failure(Self.failure(error, timeout: request.timeout))
        }
        let receivedAt = clock().wall
        if let failure = Self.refusal(response, request: request) { return .failure(failure) }
        return SensorReaders.read(response.body, kind: request.kind, receivedAt: receivedAt, pollInterval: request.pollInterval)
    }

    /// Why `response` is not a body to read: a redirect, an error status, too large, HTML.
    static func refusal(_ response: HTTPResponse, request: SensorRequest) -> SensorFailure? {
        if let redirect = HTTPRedirect(response, requestURL: request.url) {
            return SensorFailure("redirected (not followed): \(redirect.description)")
        }
        if (300..<400).contains(response.status) {
            return SensorFailure("redirected (not followed): HTTP \(response.status)")
        }
        guard (200..<300).contains(response.status) else {
            var message = "HTTP \(response.status)"
            var limit = response.status == 429
            // AirNow may say why in its error body, whatever the status.
            if request.kind == .airNow, case .success(let tree) = SensorBody.read(response.body),
                let error = tree["WebServiceError"]
            {
                let failure = AirNowReader.serviceError(error)
                message += ": " + failure.message
                limit = limit || failure.limitReached
            }
            return SensorFailure(message, limitReached: limit && request.kind == .airNow)
        }
        guard response.body.count <= maximumBodySize, !response.bodyTruncated else {
            return SensorFailure("answered more than \(maximumBodySize >> 10) KiB")
        }
        if let type = response.header("Content-Type")?.lowercased(), type.hasPrefix("text/html") {
            return SensorFailure("answered HTML, not JSON")
        }
        return nil
    }

    /// A transfer that got no complete answer, in one clause.
    static func failure(_ error: HTTPError, timeout: Duration) -> SensorFailure {
        switch error {
        case .timeout: SensorFailure("no answer within \(DurationText.exactUnit(timeout))")
        case .bodyTooLarge: SensorFailure("answered more than \(maximumBodySize >> 10) KiB")
        default: SensorFailure(error.description)
        }
    }
}
