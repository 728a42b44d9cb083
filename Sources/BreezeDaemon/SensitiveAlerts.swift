import BreezeAlerts
import BreezeState
import BreezeVocabulary

/// The second alert machine of a city, at its sensitive threshold (`AudienceRouting`): the
/// same rules as the general one on the same reading, its state in `CityRecord.sensitiveAlert`.
enum SensitiveAlerts {
    /// Judges `observation` (nil: nothing to judge, or a firing alert held) for `watched`'s
    /// sensitive machine, or drops its state when the city no longer needs one (a reload
    /// removed the last sensitive receiver, or raised `SensitiveThreshold=` to `Threshold=`).
    /// Returns the events it raised.
    static func evaluate(
        _ observation: Observation?, watched: WatchedCity, record: inout CityRecord, now: Instant
    ) -> [AlertEvent] {
        guard let rule = watched.sensitiveRule else {
            record.sensitiveAlert = nil
            return []
        }
        let evaluation = AlertStateMachine.evaluate(
            observation, city: watched.city, rule: rule, state: record.sensitiveAlert ?? CityAlertState(), now: now)
        record.sensitiveAlert = evaluation.state
        return evaluation.events
    }
}
