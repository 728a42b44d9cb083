import BreezeModel
import BreezeVocabulary

/// One `[Sensor "name"]` section: a device on the user's network, or AirNow's monitors near a
/// city, read beside the model (`SensorSectionReader`).
public struct SensorSettings: Sendable, Equatable {
    /// The section's name (`backyard`).
    public var name: String
    /// `Kind=`.
    public var kind: SensorKind
    /// `URL=`: the device's address (`http://192.168.1.50/json`); for `Kind=airnow` AirNow's
    /// service, `SensorSettings.airNowURL` unless set (a test points it at a fixture).
    public var url: String
    /// `City=`: the `[City]` whose air it measures, by its exact name.
    public var city: String
    /// `Placement=`. Default outdoor.
    public var placement: SensorPlacement
    /// `ApiKey=`/`ApiKeyFile=`: AirNow's key; nil for the LAN kinds.
    public var apiKey: Secret?
    /// `StaleAfter=`: how long without a valid sample before a `source-stale` event. Default 2 h;
    /// at least `pollInterval`, at most `longestStaleAfter`.
    public var staleAfter: Duration
    /// Where the section starts, `PATH:LINE`, for messages about it.
    public var location: String

    public init(
        name: String, kind: SensorKind, url: String, city: String, placement: SensorPlacement = .outdoor,
        apiKey: Secret? = nil, staleAfter: Duration = .seconds(2 * 3600), location: String = ""
    ) {
        self.name = name
        self.kind = kind
        self.url = url
        self.city = city
        self.placement = placement
        self.apiKey = apiKey
        self.staleAfter = staleAfter
        self.location = location
    }

    /// AirNow's current observations by latitude and longitude (the service that replaced
    /// `aq/observation/latLong/current/`, retired on 2026-09-30).
    public static let airNowURL = "https://www.airnowapi.org/aq/observation/current/ziplatlong/"

    /// How often the daemon asks this sensor: a PurpleAir every 2 minutes (its `/json` answers
    /// 2-minute means), an AirGradient every minute, a sensor.community sensor every 145 s (its
    /// send interval), AirNow once an hour (its observations change hourly; its key has an
    /// hourly limit).
    public var pollInterval: Duration { Self.pollInterval(of: kind) }

    /// How often the daemon asks a sensor of `kind` (see `pollInterval`).
    public static func pollInterval(of kind: SensorKind) -> Duration {
        switch kind {
        case .purpleAir: .seconds(120)
        case .airGradient: .seconds(60)
        case .sensorCommunity: .seconds(145)
        case .airNow: .seconds(3600)
        }
    }

    /// The longest `StaleAfter=`: a week without a reading is a sensor gone, not late.
    public static let longestStaleAfter: Duration = .seconds(7 * 86_400)

    /// Requests a day at `pollInterval`, as `check-config` counts them.
    public var requestsPerDay: Int { Int((86_400 / pollInterval.seconds).rounded(.up)) }
}
