import BreezeAlerts
import BreezeModel
import FoundationEssentials
import BreezeVocabulary

/// What people read about one event, made when it is delivered, from the outbox entry's event
/// and the clock: the city with its `Region=` and `Country=`, times in the city's `TimeZone=`
/// (else the receiver's, else the system's) with the zone's abbreviation, and a note when the
/// notice goes out late or announces an episode that was over before it could be delivered.
struct AlertText {
    /// A notice delivered more than this many seconds after its event was made says so:
    /// longer than a few quick delivery retries, shorter than a usual poll interval.
    static let lateAfter: Double = 600

    let event: AlertEvent
    /// When this attempt is made.
    let now: Instant
    let zone: CivilZone

    init(_ event: AlertEvent, now: Instant, receiverTimeZone: String?) {
        self.event = event
        self.now = now
        zone = TimeText.zone(event.city.timeZone, receiverTimeZone)
    }

    /// `Paris, Île-de-France, France`.
    var place: String { event.city.displayName }

    /// Seconds between the event and this attempt when more than `lateAfter`; nil when on
    /// time, and for test alerts.
    var delay: Double? {
        let late = now.unixSeconds - event.createdAt.unixSeconds
        guard event.kind != .test, late.isFinite, late > Self.lateAfter else { return nil }
        return late
    }

    /// `seen 13:18 CEST, delayed 42 min`; nil when on time.
    var lateNote: String? {
        delay.map { "seen \(TimeText.readable(event.createdAt, now: now, in: zone)), delayed \(Self.duration($0))" }
    }

    /// The sentence people read first, with the late note when late.
    var message: String {
        lateNote.map { sentence + " (\($0))" } ?? sentence
    }

    /// The sentence without the late note, the same on every attempt: the event's message, or
    /// for an episode that was over before its alerts went out, `Air quality in Paris was
    /// Unhealthy 😨 13:18–14:05 CEST, now resolved: AQI 40, Good 😊`.
    var sentence: String {
        if let sentence = SourceText.sentence(self) ?? ExposureText.sentence(self) { return sentence }
        guard let episode else { return event.message }
        return "Air quality in \(place) was \(Self.label(episode.band)) \(episodeSpan(episode)), now resolved: \(level)"
            + (event.resolveAdviceClause.map { " — \($0)" } ?? "")
    }

    /// A short title: `Paris: Unhealthy 😨 (AQI 162)`, `Paris: back to Good 😊 (AQI 40)`, or
    /// `Paris: was Unhealthy 😨 13:18–14:05 CEST, now Good 😊 (AQI 40)`.
    var title: String {
        if let title = SourceText.title(self) ?? ExposureText.title(self) { return title }
        let level = event.band.map { "\($0.label) \($0.emoji)" } ?? "no AQI"
        let aqi = event.aqi.map { " (AQI \($0))" } ?? ""
        let name = place
        if let episode {
            return "\(name): was \(Self.label(episode.band)) \(episodeSpan(episode)), now \(level)\(aqi)"
        }
        switch event.kind {
        case .firing: return "\(name): \(level)\(aqi)"
        case .escalated: return "\(name): worse, \(level)\(aqi)"
        case .reminder: return "\(name): still \(level)\(aqi)"
        case .resolved: return "\(name): \(event.band?.isStillUnhealthy == true ? "better, " : "back to ")\(level)\(aqi)"
        case .test: return "Breeze test alert: \(name), \(level)\(aqi)"
        case .forecast: return "\(name) forecast, \(forecastDay): \(level)\(aqi)"
        case .forecastCleared: return "\(name) forecast, \(forecastDay): cleared, \(level)\(aqi)"
        case .digest: return event.digest?.title ?? "Air quality digest"
        }
    }

    /// The forecast day as people say it (`Tomorrow`, `Thu 4 Dec`), read when the event was
    /// made, as its message says it; `a coming day` without one.
    var forecastDay: String { event.forecastDayName() ?? "a coming day" }

    /// When the source observed the values, for people: `14:00 CEST` (with the date when not
    /// today); the source's text as written when it is not a time Breeze reads.
    var observed: String {
        guard let instant = event.observedAt.instant else { return event.observedAt.text }
        return TimeText.readable(instant, now: now, in: zone)
    }

    /// The episode this `resolved` stands for, when the receiver never heard of it.
    var episode: UnannouncedEpisode? {
        event.kind == .resolved ? event.unannounced : nil
    }

    /// `13:18–14:05 CEST`: from the episode's first alert to the resolve.
    func episodeSpan(_ episode: UnannouncedEpisode) -> String {
        TimeText.span(episode.startedAt, event.createdAt, now: now, in: zone)
    }

    /// `14:00 CEST, NowCast AQI`: when observed, and which AQI the alert is on when known.
    var observedWithSource: String {
        source.map { "\(observed), \($0)" } ?? observed
    }

    /// `NowCast AQI`, `Open-Meteo's us_aqi` or `NowCast AQI of sensor backyard`; nil when the
    /// event does not say.
    var source: String? {
        switch event.aqiSource {
        case .nowcast: "NowCast AQI"
        case .openMeteo: "Open-Meteo's us_aqi"
        case .sensor: "NowCast AQI of " + (event.sensor?.label ?? "a sensor")
        case nil: nil
        }
    }

    /// `Open-Meteo's AQI: 57`: Open-Meteo's own `us_aqi` beside the alerting AQI; nil when
    /// the event does not carry it, and when the alerting AQI is Open-Meteo's (the same number)
    /// or a sensor's beside Open-Meteo's as the model (`modelLine` says it).
    var openMeteoLine: String? {
        guard event.about == .aqi, let value = event.openMeteoAQI, event.aqiSource != .openMeteo else { return nil }
        if event.aqiSource == .sensor, event.sensor?.modelSource == .openMeteo { return nil }
        return "Open-Meteo's AQI: \(value)"
    }

    /// `Model: NowCast AQI 60` (or `Model: no NowCast AQI`): the model's value beside an AQI
    /// a sensor rated; nil for every other event.
    var modelLine: String? {
        guard event.about == .aqi, event.aqiSource == .sensor, let sensor = event.sensor else { return nil }
        let name = Self.modelName(sensor.modelSource)
        return "Model: " + (sensor.modelAQI.map { "\(name) \($0)" } ?? "no \(name)")
    }

    /// `NowCast AQI` or `Open-Meteo's us_aqi`: the model a sensor's AQI stands beside.
    static func modelName(_ source: AQISource) -> String {
        source == .openMeteo ? "Open-Meteo's us_aqi" : "NowCast AQI"
    }

    /// `AQI 40, Good 😊`, or `no AQI reported`.
    private var level: String {
        guard let aqi = event.aqi, let band = event.band else { return "no AQI reported" }
        return "AQI \(aqi), \(band.label) \(band.emoji)"
    }

    private static func label(_ band: Band?) -> String {
        band.map { "\($0.label) \($0.emoji)" } ?? "alerting"
    }

    /// `42 min`, `1 h 5 min`, `2 d 3 h`: at least a minute (`DurationText.prose`).
    static func duration(_ seconds: Double) -> String { DurationText.prose(Duration(seconds: seconds)) }
}
