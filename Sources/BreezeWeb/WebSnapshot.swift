import BreezeModel
import BreezeOutboxValues
import BreezeState
import BreezeVocabulary
import FoundationEssentials

/// What every page, `/metrics` and `/api/v1` read of the daemon: one moment, published by the
/// daemon after each cycle (and on reload), read on the listener's threads. Holds no secrets:
/// receivers by name only, no URL, no key.
public struct WebSnapshot: Sendable {
    /// When the daemon published it.
    public var takenAt: Instant
    public var version: String
    /// The poll interval in force; the pages refresh every interval.
    public var pollInterval: Duration
    /// When the next poll runs, nil before the loop is armed.
    public var nextPollAt: Instant?
    public var cycleRunning: Bool
    /// The state as state.json holds it.
    public var state: DaemonState
    /// The configured cities, in file order, with what the pages show beyond the state.
    public var cities: [WebCity]
    /// The configured receivers' names, in file order.
    public var receivers: [String]
    /// The outbox at a glance; nil when it was not scanned.
    public var deliveries: OutboxSummary?
    /// Counters and the cycle-duration histogram since the daemon started.
    public var counters: DaemonCounters
    /// `TemperatureUnit=`: how the climate trend is shown.
    public var temperatureUnit: TemperatureUnit
    /// When the request being answered arrived, set by the listener; ages and `stale` in
    /// `/api/v1/status` count to it, so a daemon that stopped publishing reads as stale.
    /// nil: `takenAt`.
    public var servedAt: Instant? = nil

    public init(
        takenAt: Instant, version: String, pollInterval: Duration, nextPollAt: Instant? = nil,
        cycleRunning: Bool = false, state: DaemonState = DaemonState(), cities: [WebCity] = [],
        receivers: [String] = [], deliveries: OutboxSummary? = nil,
        counters: DaemonCounters = DaemonCounters(), temperatureUnit: TemperatureUnit = .celsius
    ) {
        self.takenAt = takenAt
        self.version = version
        self.pollInterval = pollInterval
        self.nextPollAt = nextPollAt
        self.cycleRunning = cycleRunning
        self.state = state
        self.cities = cities
        self.receivers = receivers
        self.deliveries = deliveries
        self.counters = counters
        self.temperatureUnit = temperatureUnit
    }

    /// The city a page address's last part (after `/city/`, still percent-encoded) names, if
    /// one is configured: the city whose slug it is; else the city whose exact name it encodes
    /// (`CityAddress`: `%E6%9D%B1%E4%BA%AC` for 東京); else the one city whose name's readable
    /// part (`Slug.readable`: `paris` for Paris) it is, when no other configured city shares
    /// it, so a person can type the address. Bad percent-encoding or an overlong part names
    /// none.
    public func city(address component: String) -> WebCity? {
        if let city = cities.first(where: { $0.slug == component }) { return city }
        guard let name = CityAddress.decoded(component[...]) else { return nil }
        if let city = cities.first(where: { $0.name == name }) { return city }
        let readable = cities.filter { Slug.readable($0.name) == name }
        return readable.count == 1 ? readable[0] : nil
    }
}

/// One configured city as the pages show it.
public struct WebCity: Sendable {
    /// The configured name (may be 東京, long, or hold any printable character).
    public var name: String
    /// Its one slug (`Slug`), unique among the configured cities: `/city/<slug>` resolves, and
    /// event ids are made from it.
    public var slug: String
    /// Its page, as links give it: `/city/` and the name percent-encoded (`CityAddress`).
    public var address: String { CityAddress.path(name: name, slug: slug) }
    /// What the state keeps: the last reading, alerting AQI, band, alert state; nil before
    /// the first poll.
    public var record: CityRecord?
    /// The alerting AQI hour by hour, oldest first, up to the last 48 hours (empty: none yet).
    public var history: [HourlyAQI]
    /// The coming days' forecast AQI, today first (empty: none).
    public var forecast: [ForecastDayAQI]
    /// Pollen now, by type: nil when the model has no pollen for the city (outside Europe, out
    /// of season, or not fetched yet); never "none" for missing data.
    public var pollen: [PollenType: Double]?
    /// The UV index now, nil when unknown.
    public var uvIndex: Double?
    /// "Temperature on this day across decades", nil until fetched (never while neither the
    /// status page's extras nor a digest asks for it).
    public var climate: [ClimateTrendPoint]?
    /// The zone the city's times and days are shown in, as its messages show them
    /// (`City.zone`: its `TimeZone=`, else the system's).
    public var zone: CivilZone
    /// The extras whose last fetch failed, by kind; the page says what happened.
    public var failures: [ExtrasFailure.Kind: ExtrasFailure] = [:]

    /// `zone` nil: the zone of the city the state holds, else the system's.
    public init(
        name: String, slug: String, record: CityRecord? = nil, history: [HourlyAQI] = [],
        forecast: [ForecastDayAQI] = [], pollen: [PollenType: Double]? = nil, uvIndex: Double? = nil,
        climate: [ClimateTrendPoint]? = nil, zone: CivilZone? = nil
    ) {
        self.name = name
        self.slug = slug
        self.record = record
        self.zone = zone ?? record?.city.zone ?? TimeText.zone()
        self.history = history
        self.forecast = forecast
        self.pollen = pollen
        self.uvIndex = uvIndex
        self.climate = climate
    }
}

/// One hour of a city's alerting AQI.
public struct HourlyAQI: Sendable, Hashable {
    /// The hour's start.
    public var hour: Instant
    /// nil when that hour could not be rated.
    public var aqi: Int?

    public init(hour: Instant, aqi: Int?) {
        self.hour = hour
        self.aqi = aqi
    }
}

/// One coming day's forecast AQI, as the forecast alerts rate it (`ForecastDay`).
public struct ForecastDayAQI: Sendable, Hashable {
    /// The local calendar day, "2026-12-02" (`TimeText.day(named:)` names it for people).
    public var day: String
    /// nil when the day cannot be rated; `note` says why.
    public var aqi: Int?
    public var dominant: Pollutant?
    /// Why there is no AQI, a sentence ("The forecast does not reach this day."), nil when rated.
    public var note: String?

    public init(day: String, aqi: Int?, dominant: Pollutant? = nil, note: String? = nil) {
        self.day = day
        self.aqi = aqi
        self.dominant = dominant
        self.note = note
    }
}
