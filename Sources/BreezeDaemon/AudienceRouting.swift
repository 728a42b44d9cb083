import BreezeAlerts
import BreezeConfig
import BreezeDelivery
import BreezeModel
import BreezeState
import BreezeVocabulary

/// Who hears which alert machine (`Audience=`, `SensitiveThreshold=`). A city has a second
/// machine, at its sensitive threshold, only where it changes something: that threshold is
/// below `Threshold=` and an enabled receiver with `Audience=sensitive` is routed the city.
/// Its events go to those receivers alone; the general machine's go to the general
/// receivers, and to the sensitive ones of cities without a machine of their own (their
/// thresholds being equal, the general alerts are theirs too).
public struct AudienceRouting: Sendable, Equatable {
    /// The enabled, built receivers with `Audience=sensitive`.
    public var sensitiveReceivers: Set<String>
    /// Per city (by name) that has a sensitive machine, the rule it judges with.
    public var sensitiveRules: [String: AlertRule]

    /// The audiences of `configuration`, over the receivers routed to each city.
    public init(configuration: Configuration, receiversByCity: [String: [String]]) {
        var sensitive: Set<String> = []
        for (name, delivery) in configuration.receiverDeliverySettings
        where delivery.enabled && delivery.audience == .sensitive {
            sensitive.insert(name)
        }
        let routed = Set(receiversByCity.values.joined())
        sensitiveReceivers = sensitive.intersection(routed)
        var rules: [String: AlertRule] = [:]
        for city in configuration.cities {
            let hearing = receiversByCity[city.city.name]?.contains(where: sensitiveReceivers.contains) ?? false
            if hearing, let rule = Self.sensitiveRule(city.alert) { rules[city.city.name] = rule }
        }
        sensitiveRules = rules
    }

    /// The rule of a sensitive machine for `settings`: the general rule at
    /// min(`SensitiveThreshold=`, `Threshold=`); nil when that is not below `Threshold=`.
    public static func sensitiveRule(_ settings: AlertSettings) -> AlertRule? {
        let threshold = min(settings.sensitiveThreshold.aqi, settings.threshold.aqi)
        guard threshold < settings.threshold.aqi else { return nil }
        var rule = AlertRule(settings)
        rule.threshold = threshold
        rule.audience = .sensitive
        return rule
    }

    /// Which of `receivers` (a city's) hear an event of the machine for `audience` about
    /// `city`; nil: an event for every receiver of the city.
    func receivers(_ receivers: [String], city: String, audience: Audience?) -> [String] {
        switch audience {
        case nil: return receivers
        case .sensitive: return receivers.filter(sensitiveReceivers.contains)
        case .general:
            guard sensitiveRules[city] != nil else { return receivers }
            return receivers.filter { !sensitiveReceivers.contains($0) }
        }
    }

    /// The machine `event` comes from: the sensitive one, the general AQI one, or nil for what
    /// every receiver hears alike (forecasts, which follow `ForecastThreshold=` for everyone;
    /// pollen and UV; digests).
    static func machine(of event: AlertEvent) -> Audience? {
        if event.audience == .sensitive { return .sensitive }
        guard event.about == .aqi, !event.kind.isForecast, event.kind != .digest else { return nil }
        return .general
    }
}

extension DeliveryRouting {
    /// The receivers `event` goes to: its city's, for its audience.
    func receivers(for event: AlertEvent) -> [String] {
        audiences.receivers(
            receiversByCity[event.city.name] ?? [], city: event.city.name, audience: AudienceRouting.machine(of: event))
    }

    /// The refreshes of the sensitive machines still firing, for the refreshing receivers
    /// that hear them; none for a city whose sensitive machine spoke this cycle.
    func sensitiveRefreshes(events: [AlertEvent], state: DaemonState, now: Instant) -> [DeliveryRequest] {
        guard !refreshing.isEmpty, !audiences.sensitiveRules.isEmpty else { return [] }
        let announced = Set(events.filter { $0.audience == .sensitive }.map(\.city.name))
        var requests: [DeliveryRequest] = []
        for name in audiences.sensitiveRules.keys.sorted() where !announced.contains(name) {
            guard let record = state.cities[name], let alert = record.sensitiveAlert,
                let refresh = Self.refreshEvent(record, alert: alert, audience: .sensitive, now: now)
            else { continue }
            let receivers = audiences.receivers(receiversByCity[name] ?? [], city: name, audience: .sensitive)
            for receiver in receivers where refreshing.contains(receiver) {
                requests.append(DeliveryRequest(event: refresh, receiver: receiver, isRefresh: true))
            }
        }
        return requests
    }

    /// A synthetic `reminder` that re-asserts the firing alert `alert` of `record`: id
    /// `<city>[-sensitive]-<episode>-refresh-<now>` (the episode as in the alert's own ids), the
    /// last reading's values. Not a reminder of the state machine: not logged as one, never
    /// held by quiet hours. Nil when not firing.
    public static func refreshEvent(
        _ record: CityRecord, alert: CityAlertState, audience: Audience?, now: Instant
    ) -> AlertEvent? {
        guard alert.firing else { return nil }
        let reading = record.lastReading
        let part = EventIdentifier.part(audience)
        let episode = alert.episodeStartedAt ?? now
        var event = AlertEvent(
            id: EventIdentifier.refresh(city: record.city.name, episode: episode, now: now, part: part),
            kind: .reminder,
            city: record.city, aqi: reading?.usAQI, band: alert.notifiedBand ?? record.band,
            previousBand: nil, dominantPollutant: reading?.dominantPollutant,
            concentrations: reading?.concentrations ?? [:], pollutantsOverLimit: [],
            observedAt: reading?.time ?? "", createdAt: now)
        event.audience = audience
        event.averages = record.alerting.flatMap { $0.ratedAverages.isEmpty ? nil : $0.ratedAverages }
        event.openMeteoAQI = record.alerting?.openMeteoAQI ?? reading?.usAQI
        return event
    }
}
