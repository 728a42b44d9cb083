import BreezeModel
import BreezeVocabulary

/// What an alert event announces.
public enum AlertEventKind: String, Sendable, Codable, CaseIterable {
    case firing
    case escalated
    case reminder
    case resolved
    /// Sent by `breezectl test-alert`, never by the state machine.
    case test
    /// A coming day's forecast reaches the forecast threshold (first, or a band worse):
    /// `ForecastStateMachine`; `AlertEvent.forecast` says which day.
    case forecast
    /// A day announced by `forecast` is no longer forecast at the threshold.
    case forecastCleared = "forecast-cleared"
    /// A receiver's daily digest (`Digest=`): every city it watches, `AlertEvent.digest`.
    case digest

    /// Whether the event is about a forecast day rather than the current air.
    public var isForecast: Bool { self == .forecast || self == .forecastCleared }
}

/// One alert about one city, as it goes to the journal and to receivers.
public struct AlertEvent: Sendable, Equatable, Codable {
    /// Stable across retries and restarts: receivers deduplicate on it.
    public var id: String
    public var kind: AlertEventKind
    public var city: City
    public var aqi: Int?
    public var band: Band?
    public var previousBand: Band?
    public var dominantPollutant: Pollutant?
    /// Concentrations in µg/m³.
    public var concentrations: [Pollutant: Double]
    /// Pollutants over their configured limit.
    public var pollutantsOverLimit: [Pollutant]
    /// When the reading behind the event was observed, as the source wrote it.
    public var observedAt: ObservationTime
    /// When the event was made.
    public var createdAt: Instant
    /// Set on a `resolved` that goes out in place of its episode's alerts, which never reached
    /// the receiver (they were still waiting when the air got better): the people it reaches
    /// hear of the episode only as over.
    public var unannounced: UnannouncedEpisode?
    /// Set on `forecast` and `forecastCleared`: the day, and how many of its hours are expected
    /// at or above the threshold. `aqi`, `band` and `dominantPollutant` are then the day's peak.
    public var forecast: ForecastDetails?
    /// Where `aqi` came from (`AQISource=`, or Open-Meteo's after a fallback); nil for test
    /// alerts and events from before Breeze said.
    public var aqiSource: AQISource?
    /// What the event is about; nil means the AQI (every event made before pollen and UV alerts).
    public var subject: AlertSubject?
    /// Set on pollen events: the level and type behind it.
    public var pollen: PollenDetails?
    /// Set on UV events: the index behind it.
    public var uv: UVDetails?
    /// Whose alert rules made the event: nil or `general` for `Threshold=`, `sensitive` for
    /// `SensitiveThreshold=` (routed only to `Audience=sensitive` receivers).
    public var audience: Audience?
    /// Set on `digest`: the day's summary for one receiver.
    public var digest: DigestDetails?
    /// The episode the event belongs to: the same on every event from its firing to its resolve
    /// (`EventIdentifier.thread`), nil for tests and digests. Receivers that update a
    /// notification in place, or thread messages, key on it.
    public var thread: String?
    /// Set on a test alert whose reading is Breeze's example, not the city's own.
    public var exampleReading: Bool?
    /// The averaged concentrations (µg/m³) the alerting AQI's sub-indices were rated from, by
    /// pollutant (`AlertingAQI.averages`: NowCast for PM, 8-hour for O₃ and CO, the hour for
    /// NO₂ and SO₂); nil when the event was made without them. Messages rate each pollutant's
    /// category on these, the current hour's `concentrations` where one is missing.
    public var averages: [Pollutant: Double]?
    /// Open-Meteo's own `us_aqi` for the same reading (`AlertingAQI.openMeteoAQI`), shown
    /// beside the alerting `aqi`; nil when the event was made without it.
    public var openMeteoAQI: Int?
    /// With `aqiSource == .sensor`: which sensor rated `aqi`, and the model's value beside.
    public var sensor: SensorRating?
    /// Set on `.source` events: the sensor that went stale or came back.
    public var sourceStatus: SourceStaleDetails?
    /// The city's indoor sensors' AQI when it has one (`CityGround.indoorAQI`): messages
    /// advise closing windows when the outdoor air is a band or more worse, and airing the
    /// rooms when a resolve finds it better than indoors.
    public var indoorAQI: Int?

    /// What the event is about: the AQI unless `subject` says otherwise.
    public var about: AlertSubject { subject ?? .aqi }

    public init(
        id: String, kind: AlertEventKind, city: City, aqi: Int?, band: Band?, previousBand: Band?,
        dominantPollutant: Pollutant?, concentrations: [Pollutant: Double],
        pollutantsOverLimit: [Pollutant], observedAt: ObservationTime, createdAt: Instant,
        aqiSource: AQISource? = nil
    ) {
        self.aqiSource = aqiSource
        self.id = id
        self.kind = kind
        self.city = city
        self.aqi = aqi
        self.band = band
        self.previousBand = previousBand
        self.dominantPollutant = dominantPollutant
        self.concentrations = concentrations
        self.pollutantsOverLimit = pollutantsOverLimit
        self.observedAt = observedAt
        self.createdAt = createdAt
    }
}

/// An alert episode a receiver never heard of while it lasted.
public struct UnannouncedEpisode: Sendable, Equatable, Codable {
    /// When the episode's first alert was made.
    public var startedAt: Instant
    /// The worst band its alerts announced.
    public var band: Band?

    public init(startedAt: Instant, band: Band?) {
        self.startedAt = startedAt
        self.band = band
    }
}

/// What a forecast event says beyond the peak AQI and band.
public struct ForecastDetails: Sendable, Equatable, Codable {
    /// The local date forecast, `YYYY-MM-DD`.
    public var day: String
    /// Hours of the day whose AQI is expected at or above `threshold`.
    public var hoursAboveThreshold: Int
    /// The forecast threshold (an AQI).
    public var threshold: Int
    /// The pollutant and averaging period giving the peak.
    public var dominant: AQIKey?
    /// When the day ends (its next local midnight).
    public var dayEndsAt: Instant?

    public init(day: String, hoursAboveThreshold: Int, threshold: Int, dominant: AQIKey?, dayEndsAt: Instant? = nil) {
        self.day = day
        self.dayEndsAt = dayEndsAt
        self.hoursAboveThreshold = hoursAboveThreshold
        self.threshold = threshold
        self.dominant = dominant
    }
}
