import BreezeModel

/// When an alert fires: at a band or at an AQI number.
public enum AlertThreshold: Sendable, Equatable, CustomStringConvertible {
    /// Fires when the AQI reaches the band's lower bound.
    case band(Band)
    /// Fires when the AQI reaches this number.
    case aqi(Int)

    /// The AQI at which the alert fires.
    public var aqi: Int {
        switch self {
        case .band(let band): band.lowerBound
        case .aqi(let value): value
        }
    }

    /// The slug or the number, as written in the configuration.
    public var description: String {
        switch self {
        case .band(let band): band.slug
        case .aqi(let value): String(value)
        }
    }
}

/// The `[Alert]` keys: defaults in `[Alert]`, each overridable in a `[City "…"]` section.
public struct AlertSettings: Sendable, Equatable {
    /// Where the alert fires. Default the Unhealthy for Sensitive Groups band (AQI 101).
    public var threshold: AlertThreshold
    /// How many AQI points below the threshold the air must fall to resolve. Default 10.
    public var hysteresis: Int
    /// How many consecutive readings it takes to fire, and to resolve. Default 2, at least 1.
    public var confirmAfter: Int
    /// How often to remind while the alert still fires; nil (`RepeatEvery=0`, the default) never.
    public var repeatEvery: Duration?
    /// Whether to notify when the alert resolves. Default yes.
    public var sendResolved: Bool
    /// Per-pollutant limits in µg/m³; exceeding one fires an alert too. Default none.
    public var pollutantLimits: [Pollutant: Double]
    /// The receivers to notify, by name. When `Notify=` is never set, every receiver;
    /// an explicitly empty `Notify=` means nobody (the journal only).
    public var notify: [String]
    /// The AQI the alerts compare (`AQISource=`). Default `nowcast`; see `AlertingAQI`.
    public var aqiSource: AQISource = .nowcast
    /// The forecast ("Action Day") alerts: `ForecastThreshold=`, `ForecastAt=`, `ForecastDays=`.
    public var forecast = ForecastSettings()
    /// `SensitiveThreshold=`: where alerts fire for `Audience=sensitive` receivers. Default the
    /// Unhealthy for Sensitive Groups band. When it is not below `threshold`, sensitive receivers
    /// get the general alerts.
    public var sensitiveThreshold: AlertThreshold = .band(.unhealthyForSensitiveGroups)
    /// `PollenThreshold=`: the pollen level (the highest of the reported types) that fires a
    /// pollen alert; nil (`off`, the default) for none.
    public var pollenThreshold: PollenLevel?
    /// `UVThreshold=`: the UV index that fires a UV alert; nil (`off`, the default) for none.
    public var uvThreshold: Int?

    /// The defaults.
    public init(
        threshold: AlertThreshold = .band(.unhealthyForSensitiveGroups), hysteresis: Int = 10,
        confirmAfter: Int = 2, repeatEvery: Duration? = nil, sendResolved: Bool = true,
        pollutantLimits: [Pollutant: Double] = [:], notify: [String] = []
    ) {
        self.threshold = threshold
        self.hysteresis = hysteresis
        self.confirmAfter = confirmAfter
        self.repeatEvery = repeatEvery
        self.sendResolved = sendResolved
        self.pollutantLimits = pollutantLimits
        self.notify = notify
    }
}
