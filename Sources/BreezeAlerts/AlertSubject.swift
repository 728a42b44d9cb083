import BreezeModel
import BreezeVocabulary

/// What an alert event is about: the air quality index, pollen, or the UV index. Each has its
/// own episodes (fire, resolve), independent of the others.
public enum AlertSubject: String, Sendable, Codable, CaseIterable, Hashable {
    case aqi
    case pollen
    case uv
    /// A `[Sensor]` that stopped answering or failing its checks for `StaleAfter=` (firing:
    /// `source-stale`) and answering again (resolved); `AlertEvent.sourceStatus` says which.
    case source
}

/// What a `.source` event says: which sensor, of which city, since when it gave nothing usable.
public struct SourceStaleDetails: Sendable, Equatable, Codable {
    /// The `[Sensor "name"]` section's name.
    public var sensor: String
    public var kind: SensorKind
    /// `sensor backyard` or `AirNow <site>`, as messages name it.
    public var label: String
    /// Its last valid sample; nil when it never gave one.
    public var lastValidAt: Instant?
    /// Why the latest attempt gave nothing usable.
    public var reason: String?
    /// Whether the sensor still answers and its samples fail the checks (messages say "has
    /// given no valid reading since"); nil or false: it does not answer ("has not answered
    /// since").
    public var answers: Bool?

    public init(
        sensor: String, kind: SensorKind, label: String, lastValidAt: Instant?, reason: String?, answers: Bool? = nil
    ) {
        self.sensor = sensor
        self.kind = kind
        self.label = label
        self.lastValidAt = lastValidAt
        self.reason = reason
        self.answers = answers
    }
}

/// What a pollen event says: the worst level among the types reported, and its type.
public struct PollenDetails: Sendable, Equatable, Codable {
    /// The highest level among the reported types.
    public var level: PollenLevel
    /// The type at that level (the highest count relative to its group's thresholds first).
    public var type: PollenType?
    /// Grains/m³ by type, as reported (types without data absent).
    public var counts: [PollenType: Double]
    /// `PollenThreshold=`.
    public var threshold: PollenLevel
    /// On an escalation or resolve, the level announced before; nil otherwise.
    public var previousLevel: PollenLevel?

    public init(
        level: PollenLevel, type: PollenType?, counts: [PollenType: Double], threshold: PollenLevel,
        previousLevel: PollenLevel? = nil
    ) {
        self.level = level
        self.type = type
        self.counts = counts
        self.threshold = threshold
        self.previousLevel = previousLevel
    }
}

/// What a UV event says: the UV index judged (the local day's maximum, from the hourly
/// forecast; the current index when the maximum is unknown) and the configured threshold.
public struct UVDetails: Sendable, Equatable, Codable {
    /// The UV index the event is about.
    public var index: Double
    /// `UVThreshold=` (a UV index).
    public var threshold: Int
    /// On an escalation or resolve, the WHO band announced before; nil otherwise.
    public var previousBand: UVBand?

    public init(index: Double, threshold: Int, previousBand: UVBand? = nil) {
        self.index = index
        self.threshold = threshold
        self.previousBand = previousBand
    }

    /// The WHO band of `index`.
    public var band: UVBand { UVBand(index: index) ?? .low }
}
