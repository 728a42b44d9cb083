import BreezeModel

/// A complete, validated configuration: what `breezed` runs on.
public struct Configuration: Sendable {
    /// The `[Breeze]` section: polling and the Open-Meteo service.
    public var breeze: BreezeSettings
    /// The `[Alert]` section: the alert settings every city starts from.
    public var alertDefaults: AlertSettings
    /// The enabled cities, in the order their sections first appear (main file, then drop-ins).
    /// Cities with `Enabled=no` are checked but left out.
    public var cities: [CityConfiguration]
    /// Every `[Webhook "…"]` receiver, in file order, disabled ones included.
    public var webhooks: [WebhookConfiguration]
    /// Every `[Email "…"]` receiver, in file order, disabled ones included.
    public var emails: [EmailConfiguration]
    /// The cities with `Enabled=no`, in file order: checked, not watched.
    public var disabledCities: [CityConfiguration] = []
    /// The `[Web]` section: where the status page and `/metrics` are served.
    public var web = WebSettings()
    /// Every `[Sensor "…"]` of a watched city, in the order their sections first appear: the
    /// user's devices and AirNow's monitors, the ones the daemon polls.
    public var sensors: [SensorSettings] = []
    /// The `[Sensor "…"]`s of cities with `Enabled=no`, in file order: checked, not polled.
    public var sensorsOfDisabledCities: [SensorSettings] = []

    /// A configuration from its parts; the defaults are those of an empty file.
    public init(
        breeze: BreezeSettings = BreezeSettings(), alertDefaults: AlertSettings = AlertSettings(),
        cities: [CityConfiguration] = [], webhooks: [WebhookConfiguration] = [],
        emails: [EmailConfiguration] = []
    ) {
        self.breeze = breeze
        self.alertDefaults = alertDefaults
        self.cities = cities
        self.webhooks = webhooks
        self.emails = emails
    }

    /// The names of every receiver, webhooks first, each in file order.
    public var receiverNames: [String] {
        webhooks.map(\.name) + emails.map(\.name)
    }

    /// The estimated Open-Meteo cost of this configuration in calls a day (see `APICost`).
    public func estimatedCallsPerDay() -> Int {
        APICost.estimatedCallsPerDay(locations: cities.count, pollInterval: breeze.pollInterval)
    }
}

/// The `[Breeze]` section.
public struct BreezeSettings: Sendable {
    /// How often every city is polled. Default 15 minutes.
    public var pollInterval: Duration
    /// The largest random delay added to each poll. Default 30 seconds.
    public var jitter: Duration
    /// The limit on each HTTP request to Open-Meteo. Default 20 seconds.
    public var timeout: Duration
    /// The air-quality API's base URL, without `/v1/…`.
    public var apiURL: String
    /// The geocoding API's base URL, without `/v1/…`.
    public var geocodingURL: String
    /// The historical-weather API's base URL, without `/v1/…`.
    public var archiveURL: String
    /// The commercial API key, from `ApiKey=` or `ApiKeyFile=`; nil on the free tier.
    public var apiKey: Secret?
    /// Where the daemon keeps its state: `StateDirectory=`, else `$STATE_DIRECTORY` (its first
    /// path), else `/var/lib/breeze`.
    public var stateDirectory: String
    /// `TemperatureUnit=`: how the status page shows the climate trend (BreezeModel's one
    /// `TemperatureUnit`). Default Celsius.
    public var temperatureUnit: TemperatureUnit
    /// Where the daemon answers `breezectl`: `ControlSocket=`, else
    /// `$RUNTIME_DIRECTORY/control` (systemd's `RuntimeDirectory=`), else
    /// `/run/breeze/control`.
    public var controlSocket: String = ControlSocketPath.fallback
    /// `HeartbeatURL=`: where the daemon reports each completed cycle (a dead-man's switch
    /// such as Healthchecks.io or Uptime Kuma); nil: none. A secret (the URL is its token).
    public var heartbeatURL: Secret? = nil
    /// `StatusPageExtras=` as written: `auto` (the default), `yes` or `no`.
    public var statusPageExtrasSetting: StatusPageExtrasSetting = .auto
    /// `LogReadings=`: which per-city reading records a cycle logs. Default `all`.
    public var logReadings: LogReadingsSetting = .all
    /// Whether the daemon fetches what the status page shows beyond the poll: pollen and UV
    /// every 3 h and the climate trend once a day per city (from `ArchiveURL=`), the calls that
    /// cost (`APICost.pollenAndUVCallsPerDay`, `climateTrendCallsPerDay`). The loader resolves
    /// `statusPageExtrasSetting` into it: `auto` is on when `[Web] Listen=` is not empty (see
    /// `StatusPageExtrasSetting.resolved`). The 48-hour history and the forecast days cost no
    /// call and are worked out whenever the pages are served, whatever this says.
    public var statusPageExtras = false

    /// The defaults, documented in `etc/breeze/breezed.conf`.
    public init(
        pollInterval: Duration = .seconds(15 * 60), jitter: Duration = .seconds(30),
        timeout: Duration = .seconds(20),
        apiURL: String = "https://air-quality-api.open-meteo.com",
        geocodingURL: String = "https://geocoding-api.open-meteo.com",
        archiveURL: String = "https://archive-api.open-meteo.com",
        apiKey: Secret? = nil, stateDirectory: String = "/var/lib/breeze",
        temperatureUnit: TemperatureUnit = .celsius
    ) {
        self.pollInterval = pollInterval
        self.jitter = jitter
        self.timeout = timeout
        self.apiURL = apiURL
        self.geocodingURL = geocodingURL
        self.archiveURL = archiveURL
        self.apiKey = apiKey
        self.stateDirectory = stateDirectory
        self.temperatureUnit = temperatureUnit
    }
}

/// One `[City "…"]` section: a place to watch and the alert settings that apply to it
/// (the `[Alert]` defaults with the city's own keys applied on top).
public struct CityConfiguration: Sendable {
    public var city: City
    public var alert: AlertSettings

    /// A city and the alert settings that apply to it.
    public init(city: City, alert: AlertSettings) {
        self.city = city
        self.alert = alert
    }
}

/// `StatusPageExtras=`: `auto` (on when the status page is configured), or a boolean forcing it.
public enum StatusPageExtrasSetting: String, Sendable, CaseIterable {
    case auto, yes, no

    /// Whether the extras are fetched when `[Web] Listen=` is `listening` (not empty).
    public func resolved(listening: Bool) -> Bool {
        switch self {
        case .auto: listening
        case .yes: true
        case .no: false
        }
    }
}
