import BreezeConfig
import BreezeModel
import BreezeSensors
import BreezeVocabulary

/// One `[Sensor]` as the daemon follows it: its settings and city, its hourly means, what its
/// latest answer said and when it is next asked. A value: `SensorService` keeps one per
/// sensor on its own queue and hands their `status` to the poll.
struct SensorTrack: Sendable {
    /// Its section, as last loaded (a reload may change `StaleAfter=` or the URL).
    var settings: SensorSettings
    let city: City
    var hours: SensorHours
    /// Since when it is followed (the start, or the reload that added it): a sensor that never
    /// gives a valid sample is stale `StaleAfter=` after.
    let since: Instant
    /// When it is next asked.
    var nextDue: Instant
    /// The latest sample's PM2.5 after correction, nil when invalid or none.
    private(set) var pm2_5: Double?
    /// Why the latest answer was not used; nil when it was. Before the first answer, that
    /// there is none: a sensor not yet asked is not "valid".
    private(set) var invalidReason: String? = SensorTrack.notYetAsked
    /// When the latest valid sample was taken.
    private(set) var lastValidAt: Instant?
    /// AirNow's latest NowCast AQI (the highest of its pollutants) and its monitor.
    private(set) var airNow: (aqi: Int, site: String)?

    init(settings: SensorSettings, city: City, hours: SensorHours = SensorHours(), now: Instant) {
        self.settings = settings
        self.city = city
        self.hours = hours
        since = now
        nextDue = now
    }

    /// The request its next poll sends.
    var request: SensorRequest {
        SensorRequest(settings, latitude: city.latitude, longitude: city.longitude)
    }

    /// Takes an answer (or a failure) received at `now` in, and sets when it is next asked.
    mutating func apply(_ result: Result<SensorAnswer, SensorFailure>, now: Instant) {
        nextDue = Self.nextDue(after: now, kind: settings.kind, interval: settings.pollInterval)
        switch result {
        case .success(.sample(let sample)):
            pm2_5 = sample.isValid ? sample.pm2_5 : nil
            invalidReason = sample.isValid ? nil : (sample.invalidReason ?? "no PM2.5 in the answer")
            guard sample.isValid else { return }
            lastValidAt = max(lastValidAt ?? sample.at, sample.at)
            _ = hours.add(sample, now: now)
        case .success(.airNow(let observations)):
            pm2_5 = nil
            // Only this hour's and the last two: an older one is not the air now.
            let recent = observations.filter { observation in
                observation.hourStart.map { now - $0 <= .seconds(3 * 3600) && $0 - now <= .seconds(3600) } ?? true
            }
            guard let worst = recent.max(by: { $0.nowCastAQI < $1.nowCastAQI }) else {
                invalidReason = observations.isEmpty
                    ? "AirNow has no observation near the city" : "AirNow's observations near the city are over 3 hours old"
                return
            }
            invalidReason = nil
            airNow = (worst.nowCastAQI, worst.siteName)
            lastValidAt = now
        case .failure(let failure):
            invalidReason = failure.message
            pm2_5 = nil
            // AirNow's hourly limit: nothing until the next hour's first poll.
            if failure.limitReached { nextDue = Self.nextDue(after: now, kind: .airNow, interval: .seconds(3600)) }
        }
    }

    /// Whether it has given no valid sample for `StaleAfter=` at `now`.
    func isStale(now: Instant) -> Bool {
        now - (lastValidAt ?? since) >= settings.staleAfter
    }

    /// What the poll, records, payloads and pages show of it at `now`.
    func status(now: Instant) -> SensorStatus {
        let nowCast: Int?
        let label: String
        if settings.kind == .airNow {
            nowCast = airNow?.aqi
            label = airNow.map { "AirNow " + $0.site } ?? "AirNow (\(settings.name))"
        } else {
            nowCast = hours.nowCast(now: now).alertingAQI
            label = "sensor " + settings.name
        }
        return SensorStatus(
            name: settings.name, kind: settings.kind, placement: settings.placement, label: label, pm2_5: pm2_5,
            invalidReason: invalidReason, lastValidAt: lastValidAt, nowCastAQI: nowCast, stale: isStale(now: now))
    }

    /// A sensor's verdict before its first answer.
    static let notYetAsked = "no answer yet"

    /// When a sensor of `kind` polled at `now` is next asked: `interval` later; AirNow at the
    /// next 35 minutes past the hour (its observations appear 10–30 minutes past), once an hour.
    static func nextDue(after now: Instant, kind: SensorKind, interval: Duration) -> Instant {
        guard kind == .airNow else { return now + interval }
        let thisHour = now.hourStart + .seconds(35 * 60)
        return thisHour > now ? thisHour : thisHour + .seconds(3600)
    }
}
