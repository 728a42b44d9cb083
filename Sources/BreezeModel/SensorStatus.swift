import BreezeVocabulary

/// One sensor's state as a city's reading shows it: its latest PM2.5 and verdict, and its
/// NowCast once its hours allow one. Records, payloads, `status`, the page and `/metrics`
/// read it; the daemon's sensor part (BreezeDaemon's `SensorService`) makes it.
public struct SensorStatus: Sendable, Hashable, Codable {
    /// The `[Sensor "name"]` section's name.
    public var name: String
    public var kind: SensorKind
    public var placement: SensorPlacement
    /// What messages call the source: `sensor backyard`, or `AirNow <site>` for AirNow.
    public var label: String
    /// The latest sample's PM2.5 in µg/m³ after correction (EPA's for PurpleAir and
    /// AirGradient's `pm02`); nil before the first sample, for AirNow, or when invalid.
    public var pm2_5: Double?
    /// Why the latest sample was not used (channels disagree, a value not a number, no answer);
    /// nil when it was valid.
    public var invalidReason: String?
    /// When the latest valid sample was taken; nil before the first.
    public var lastValidAt: Instant?
    /// The sensor's NowCast AQI from its hourly means (AirNow: its own `nowcastAQI`, the
    /// highest of its pollutants); nil while its hours are too few.
    public var nowCastAQI: Int?
    /// Whether it has not given a valid sample for `StaleAfter=`.
    public var stale: Bool

    public init(
        name: String, kind: SensorKind, placement: SensorPlacement, label: String, pm2_5: Double? = nil,
        invalidReason: String? = nil, lastValidAt: Instant? = nil, nowCastAQI: Int? = nil, stale: Bool = false
    ) {
        self.name = name
        self.kind = kind
        self.placement = placement
        self.label = label
        self.pm2_5 = pm2_5
        self.invalidReason = invalidReason
        self.lastValidAt = lastValidAt
        self.nowCastAQI = nowCastAQI
        self.stale = stale
    }

    /// "valid", or "invalid: <why>": the verdict as records and `--json` spell it.
    public var verdict: String { invalidReason.map { "invalid: " + $0 } ?? "valid" }
}

/// What a city's sensors say together: the AQI its outdoor sensors rate (the median of their
/// valid NowCasts) and the indoor one's, beside every sensor's own state.
public struct CityGround: Sendable, Hashable, Codable {
    /// Every sensor serving the city, in configuration order.
    public var sensors: [SensorStatus]

    public init(sensors: [SensorStatus]) { self.sensors = sensors }

    /// The outdoor sensors with a NowCast, not stale.
    public var ratingOutdoor: [SensorStatus] {
        sensors.filter { $0.placement == .outdoor && $0.nowCastAQI != nil && !$0.stale }
    }

    /// The outdoor AQI: the median of `ratingOutdoor`'s NowCasts (of an even count, the mean
    /// of the middle two, rounded half up); nil when none has one.
    public var outdoorAQI: Int? { Self.median(ratingOutdoor.compactMap(\.nowCastAQI)) }

    /// The indoor AQI: the median of the indoor sensors' NowCasts; nil without one.
    public var indoorAQI: Int? {
        Self.median(sensors.filter { $0.placement == .indoor && !$0.stale }.compactMap(\.nowCastAQI))
    }

    /// What rated `outdoorAQI`: `sensor backyard`, or `sensor backyard, sensor porch (median)`; nil
    /// when no outdoor sensor did.
    public var outdoorLabel: String? {
        let rating = ratingOutdoor
        guard let first = rating.first else { return nil }
        if rating.count == 1 { return first.label }
        return rating.map(\.label).joined(separator: ", ") + " (median)"
    }

    static func median(_ values: [Int]) -> Int? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let upper = sorted[sorted.count / 2]
        guard sorted.count % 2 == 0 else { return upper }
        let lower = sorted[sorted.count / 2 - 1]
        return (lower + upper + 1) / 2
    }
}
