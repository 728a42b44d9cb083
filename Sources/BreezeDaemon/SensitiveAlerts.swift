import BreezeAlerts
import BreezeState
import BreezeVocabulary

/// The second alert machine of a city, at its sensitive threshold (`AudienceRouting`): the
/// same rules as the general one on the same reading, its state in `CityRecord.sensitiveAlert`.
enum SensitiveAlerts {
    /// Judges `observation` (nil: nothing to judge, or a firing alert held) for `watched`'s
    /// sensitive machine, or drops its state when the city no longer needs one (a reload
    /// removed the last sensitive receiver, or raised `SensitiveThreshold=` to `Threshold=`).
    static func evaluate(
        _ observation: Observation?, watched: WatchedCity, record: inout CityRecord,
        summary: inout CycleSummary, now: Instant
    ) {
        guard let rule = watched.sensitiveRule else {
            record.sensitiveAlert = nil
            return
        }
        let before = record.sensitiveAlert
        let evaluation = AlertStateMachine.evaluate(
            observation, city: watched.city, rule: rule, state: before ?? CityAlertState(), now: now)
        if !evaluation.events.isEmpty { summary.sensitiveAlertsBefore[watched.city.name] = before }
        record.sensitiveAlert = evaluation.state
        summary.events += evaluation.events
    }
}
