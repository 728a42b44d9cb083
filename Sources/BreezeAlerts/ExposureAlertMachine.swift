import BreezeConfig
import BreezeModel
import BreezeVocabulary

/// When a city's pollen or UV alert fires and resolves: `PollenThreshold=` or `UVThreshold=`
/// with the city's `ConfirmAfter=` and `SendResolved=`.
public struct ExposureRule: Sendable, Equatable {
    /// `.pollen` or `.uv`: the part of the events' ids and thread.
    public var subject: AlertSubject
    /// An observation at or above this breaches (a pollen level's ordinal, or a UV index).
    public var threshold: Double
    /// Consecutive readings needed to fire, to escalate and to resolve (at least 1).
    public var confirmAfter: Int
    public var sendResolved: Bool

    public init(subject: AlertSubject, threshold: Double, confirmAfter: Int = 2, sendResolved: Bool = true) {
        self.subject = subject
        self.threshold = threshold
        self.confirmAfter = max(1, confirmAfter)
        self.sendResolved = sendResolved
    }

    /// The hysteresis: a reading counts towards resolving at or below one under the threshold.
    /// A pollen level is whole, so that is any level below the threshold; a UV index must be a
    /// full point below it (threshold 6: 5.0 counts, 5.4 does not).
    public var clearLevel: Double { threshold - 1 }

    /// The pollen rule of `settings`; nil while `PollenThreshold=` is off.
    public static func pollen(_ settings: AlertSettings) -> ExposureRule? {
        settings.pollenThreshold.map {
            ExposureRule(
                subject: .pollen, threshold: Double($0.rawValue), confirmAfter: settings.confirmAfter,
                sendResolved: settings.sendResolved)
        }
    }

    /// The UV rule of `settings`; nil while `UVThreshold=` is off.
    public static func uv(_ settings: AlertSettings) -> ExposureRule? {
        settings.uvThreshold.map {
            ExposureRule(
                subject: .uv, threshold: Double($0), confirmAfter: settings.confirmAfter, sendResolved: settings.sendResolved)
        }
    }
}

/// The pollen and UV alerts' rules, pure, the clock passed in; one episode per city and
/// subject, independent of the AQI alert, in a `CityAlertState` of its own.
///
/// Not firing: `confirmAfter` consecutive readings at or above the threshold fire. Firing:
/// `confirmAfter` consecutive readings at a worse level (pollen) or WHO band (UV) than the one
/// announced escalate; `confirmAfter` consecutive readings at or below `clearLevel` resolve.
/// No observation (no data) changes no streak: the state holds.
public enum ExposureAlertMachine {
    /// Applies `observation` (nil: the reading had no data for this subject) taken at `now`.
    public static func evaluate(
        _ observation: ExposureObservation?, city: City, rule: ExposureRule, state: CityAlertState, now: Instant
    ) -> AlertEvaluation {
        var state = state
        guard let observation else {
            state.missingStreak += 1
            return AlertEvaluation(state: state, events: [], becameStale: false)
        }
        state.missingStreak = 0
        var events: [AlertEvent] = []
        func emit(_ kind: AlertEventKind, previousLevel: Int?) {
            state.eventsInEpisode += 1
            let episode = state.episodeStartedAt ?? now
            let part = rule.subject.rawValue
            var event = AlertEvent(
                id: EventIdentifier.event(city: city.name, part: part, episode: episode, number: state.eventsInEpisode, kind: kind),
                kind: kind, city: city, aqi: nil, band: nil, previousBand: nil, dominantPollutant: nil,
                concentrations: [:], pollutantsOverLimit: [], observedAt: observation.observedAt, createdAt: now)
            event.subject = rule.subject
            event.thread = EventIdentifier.thread(city: city.name, episode: episode, part: part)
            event.pollen = observation.pollen
            event.pollen?.previousLevel = previousLevel.flatMap(PollenLevel.init(rawValue:))
            event.uv = observation.uv
            event.uv?.previousBand = previousLevel.flatMap(UVBand.init(rawValue:))
            events.append(event)
        }
        if !state.firing {
            guard observation.value >= rule.threshold else {
                state.breachStreak = 0
                return AlertEvaluation(state: state, events: [], becameStale: false)
            }
            state.breachStreak += 1
            if state.breachStreak >= rule.confirmAfter {
                state.beginEpisode(observedAt: observation.observedAt, now: now)
                state.notifiedLevel = observation.level
                emit(.firing, previousLevel: nil)
            }
            return AlertEvaluation(state: state, events: events, becameStale: false)
        }
        state.clearStreak = observation.value <= rule.clearLevel ? state.clearStreak + 1 : 0
        if state.clearStreak >= rule.confirmAfter {
            if rule.sendResolved { emit(.resolved, previousLevel: state.notifiedLevel) }
            state.endEpisode()
            return AlertEvaluation(state: state, events: events, becameStale: false)
        }
        let notified = state.notifiedLevel ?? observation.level
        state.escalationStreak = observation.level > notified ? state.escalationStreak + 1 : 0
        if state.escalationStreak >= rule.confirmAfter {
            state.escalationStreak = 0
            state.notifiedLevel = observation.level
            state.lastNotifiedAt = now
            emit(.escalated, previousLevel: notified)
        }
        return AlertEvaluation(state: state, events: events, becameStale: false)
    }
}
