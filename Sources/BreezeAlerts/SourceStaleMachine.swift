import BreezeModel
import BreezeVocabulary

/// When a city's `[Sensor]` fires `source-stale` and when it is back: pure, the clock passed
/// in, one episode per sensor in a `CityAlertState` of its own (`CityRecord.sourceAlerts`).
///
/// The sensor part of the daemon marks a sensor stale once it has given no valid sample for
/// its `StaleAfter=`; here, as for every alert, `confirmAfter` consecutive polls stale fire
/// (one event per receiver, one per episode: no flood while it stays down), and
/// `confirmAfter` consecutive polls fresh resolve, sent when `sendResolved`. Ids and threads
/// have `source-<sensor slug>` after the city, so two sensors of a city never share an episode.
public enum SourceStaleMachine {
    /// Applies the sensor's `status` (stale or not) polled at `now` to its `state`.
    public static func evaluate(
        _ status: SensorStatus, city: City, confirmAfter: Int, sendResolved: Bool, state: CityAlertState, now: Instant
    ) -> AlertEvaluation {
        var state = state
        let confirm = max(1, confirmAfter)
        var events: [AlertEvent] = []
        func emit(_ kind: AlertEventKind) {
            state.eventsInEpisode += 1
            let episode = state.episodeStartedAt ?? now
            let part = Self.part(status.name)
            var event = AlertEvent(
                id: EventIdentifier.event(city: city.name, part: part, episode: episode, number: state.eventsInEpisode, kind: kind),
                kind: kind, city: city, aqi: nil, band: nil, previousBand: nil, dominantPollutant: nil,
                concentrations: [:], pollutantsOverLimit: [], observedAt: ObservationTime(now), createdAt: now)
            event.subject = .source
            event.thread = EventIdentifier.thread(city: city.name, episode: episode, part: part)
            event.sourceStatus = SourceStaleDetails(
                sensor: status.name, kind: status.kind, label: status.label, lastValidAt: status.lastValidAt,
                reason: status.invalidReason, answers: status.invalidReason.map { !SensorSilence.isSilence($0) })
            events.append(event)
        }
        if !state.firing {
            state.clearStreak = 0
            guard status.stale else {
                state.breachStreak = 0
                return AlertEvaluation(state: state, events: [], becameStale: false)
            }
            state.breachStreak += 1
            if state.breachStreak >= confirm {
                state.beginEpisode(observedAt: ObservationTime(now), now: now)
                emit(.firing)
            }
            return AlertEvaluation(state: state, events: events, becameStale: false)
        }
        state.clearStreak = status.stale ? 0 : state.clearStreak + 1
        if state.clearStreak >= confirm {
            if sendResolved { emit(.resolved) }
            state.endEpisode()
        }
        return AlertEvaluation(state: state, events: events, becameStale: false)
    }

    /// The `part` of a sensor's ids and threads: `source-<slug of its name>`.
    public static func part(_ sensor: String) -> String { "source-" + Slug.of(sensor) }
}

/// How a sensor's failure reasons start when it did not answer at all, as BreezeSensors'
/// `SensorClient` words a transfer that got no answer (BreezeHTTP's `HTTPError`): `no answer
/// within 10s`, `connection refused`, `connection failed: …`, `connection lost: …`. Any other
/// reason means it answered with something unusable (`SourceStaleDetails.answers`).
public enum SensorSilence {
    /// Reasons starting with one of these mean the device or service was not reached.
    public static let prefixes = ["no answer", "connection refused", "connection failed", "connection lost", "timed out"]

    /// Whether `reason` says the source was not reached.
    public static func isSilence(_ reason: String) -> Bool { prefixes.contains { reason.hasPrefix($0) } }
}
