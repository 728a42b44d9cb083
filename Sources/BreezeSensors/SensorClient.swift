// PLACEHOLDER until the `readers` branch lands (replaced whole at merge).
import BreezeHTTP
import BreezeModel
import BreezeVocabulary

public struct SensorRequest: Sendable, Hashable {
    public var kind: SensorKind
    public var url: String
    public var latitude: Double
    public var longitude: Double
    public var apiKey: String?
    public var pollInterval: Duration
    public init(kind: SensorKind, url: String, latitude: Double, longitude: Double, apiKey: String?, pollInterval: Duration) {
        self.kind = kind
        self.url = url
        self.latitude = latitude
        self.longitude = longitude
        self.apiKey = apiKey
        self.pollInterval = pollInterval
    }
}

public struct SensorClient: Sendable {
    public init(transport: any HTTPTransport) {}
    public func fetch(_ request: SensorRequest, receivedAt: @Sendable () -> Instant) -> Result<SensorAnswer, SensorFailure> {
        .failure(SensorFailure("no answer: placeholder"))
    }
}

extension SensorClient {
    public static let timeout = Duration.seconds(10)
    public static let maximumBodySize = 256 << 10
}
