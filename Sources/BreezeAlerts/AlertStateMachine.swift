import BreezeModel
import BreezeVocabulary

/// The outcome of one reading for one city.
public struct AlertEvaluation: Sendable, Equatable {
    /// The state to remember until the next reading.
    public var state: CityAlertState
    /// Events to announce, in order (at most one per reading).
    public var events: [AlertEvent]
    /// True on the poll where the city has had no data for `staleAfter` polls in a row.
    public var becameStale: Bool
}

/// The per-city alert rules: pure, with the clock passed in, so every sequence can be tested.
///
/// Not firing: `confirmAfter` consecutive breaching readings fire. Firing: `confirmAfter`
/// consecutive readings in a band worse than the one announced escalate; `repeatEvery`
/// brings reminders; `confirmAfter` consecutive readings at or below the clear level, with
/// no pollutant over its limit, resolve. A reading without data changes no streak.
public enum AlertStateMachine {
    /// Polls without data after which a city is reported stale.
    public static let staleAfter = 3

    /// Applies `observation` (nil: the poll got nothing) taken at `now`.
    public static func evaluate(
        _ observation: Observation?, city: City, rule: AlertRule, state: CityAlertState,
        now: Instant
    ) -> AlertEvaluation {
        var state = state
        // Written while the clock ran ahead: counted from now, or no reminder would come.
        if let last = state.lastNotifiedAt, ClockSkew.clamp(last, now: now) != last {
            state.lastNotifiedAt = now
        }
        guard let observation, observation.hasData else {
            state.missingStreak += 1
            return AlertEvaluation(
                state: state, events: [], becameStale: state.missingStreak == staleAfter)
        }
        state.missingStreak = 0
        let overLimit = rule.pollutantsOverLimit(observation.concentrations)
        var transition = Transition(
            city: city, observation: observation, overLimit: overLimit, now: now, audience: rule.audience,
            state: state)
        if state.firing {
            transition.whileFiring(rule: rule)
        } else {
            transition.whileCalm(rule: rule)
        }
        return AlertEvaluation(state: transition.state, events: transition.events, becameStale: false)
    }
}

/// One reading's worth of changes, gathered before they are returned.
private struct Transition {
    let city: City
    let observation: Observation
    let overLimit: [Pollutant]
    let now: Instant
    let audience: Audience?
    var state: CityAlertState
    var events: [AlertEvent] = []

    mutating func whileCalm(rule: AlertRule) {
        let breaching = (observation.aqi.map { $0 >= rule.threshold } ?? false) || !overLimit.isEmpty
        guard breaching else {
            state.breachStreak = 0
            state.lastCalmBand = observation.band ?? state.lastCalmBand
            return
        }
        state.breachStreak += 1
        guard state.breachStreak >= rule.confirmAfter else { return }
        state.beginEpisode(observedAt: observation.observedAt, now: now)
        state.notifiedBand = observation.band
        emit(.firing, band: observation.band, previousBand: state.lastCalmBand)
    }

    mutating func whileFiring(rule: AlertRule) {
        let clear = (observation.aqi.map { $0 <= rule.clearLevel } ?? false) && overLimit.isEmpty
        state.clearStreak = clear ? state.clearStreak + 1 : 0
        if state.clearStreak >= rule.confirmAfter {
            let announced = state.notifiedBand
            if rule.sendResolved { emit(.resolved, band: observation.band, previousBand: announced) }
            state.endEpisode()
            state.lastCalmBand = observation.band
            return
        }
        trackEscalation()
        // Announce where the air is now: every reading of the streak was worse than the band
        // last announced, and the message quotes the current AQI, so its band must match it.
        if state.escalationStreak >= rule.confirmAfter, let band = observation.band {
            let previous = state.notifiedBand
            state.notifiedBand = band
            state.escalationStreak = 0
            state.lastNotifiedAt = now
            emit(.escalated, band: band, previousBand: previous)
        } else if let interval = rule.repeatEvery, let last = state.lastNotifiedAt,
            now - last >= interval
        {
            state.lastNotifiedAt = now
            emit(.reminder, band: observation.band, previousBand: state.notifiedBand)
        }
    }

    private mutating func trackEscalation() {
        guard let band = observation.band else { return }
        guard let notified = state.notifiedBand else {
            // Fired on a pollutant limit without an AQI: the first band seen is the baseline.
            state.notifiedBand = band
            return
        }
        state.escalationStreak = band > notified ? state.escalationStreak + 1 : 0
    }

    private mutating func emit(_ kind: AlertEventKind, band: Band?, previousBand: Band?) {
        state.eventsInEpisode += 1
        let part = EventIdentifier.part(audience)
        let id = EventIdentifier.event(
            city: city.name, episode: state.episodeStartedAt ?? now, number: state.eventsInEpisode, kind: kind,
            part: part)
        var event =
            AlertEvent(
                id: id, kind: kind, city: city, aqi: observation.aqi, band: band,
                previousBand: previousBand, dominantPollutant: observation.dominantPollutant,
                concentrations: observation.concentrations, pollutantsOverLimit: overLimit,
                observedAt: observation.observedAt, createdAt: now, aqiSource: observation.aqiSource)
        event.thread = EventIdentifier.thread(city: city.name, episode: state.episodeStartedAt ?? now, part: part)
        if audience == .sensitive { event.audience = .sensitive }
        if !observation.averages.isEmpty { event.averages = observation.averages }
        event.openMeteoAQI = observation.openMeteoAQI
        events.append(event)
    }
}
