import BreezeAlerts
import BreezeConfig
import BreezeDelivery
import BreezeModel
import BreezeState
import BreezeSystem
import BreezeVocabulary

/// The pollen and UV alerts of the running daemon: each new pollen-and-UV reading (every
/// `APICost.pollenAndUVInterval`, not each poll) is judged by `ExposureAlertMachine` for the
/// cities with `PollenThreshold=` or `UVThreshold=`, and its events go to the outbox as the
/// AQI alerts' do: to the city's `Notify=` receivers, logged once written; a city whose entry
/// cannot be written gets its pollen and UV state back, so the event is raised again with the
/// next reading. A value the poll service owns.
struct ExposureAlerts: Sendable {
    /// Cities told of having no pollen data, until pollen comes: told once, not every run.
    private var toldNoPollen: Set<String> = []

    /// Judges `readings` (by city name) into `state`; returns the events written.
    @discardableResult
    mutating func adopt(
        _ readings: [String: PollenReading], configuration: Configuration, state: inout DaemonState,
        routing: DeliveryRouting, delivery: DeliveryWorker, logger: any Logger, failures: FailureLatch, now: Instant
    ) -> [AlertEvent] {
        Self.forgetOff(configuration, state: &state)
        var events: [AlertEvent] = []
        var before: [String: (pollen: CityAlertState?, uv: CityAlertState?)] = [:]
        for configured in configuration.citiesWithExposureAlerts {
            let city = configured.city
            guard let reading = readings[city.name] else { continue }
            var record = state.cities[city.name] ?? CityRecord(city: city)
            let previous = (record.pollenAlert, record.uvAlert)
            var raised: [AlertEvent] = []
            if let threshold = configured.alert.pollenThreshold, let rule = ExposureRule.pollen(configured.alert) {
                let observation = ExposureObservation.pollen(reading, threshold: threshold)
                if observation == nil, toldNoPollen.insert(city.name).inserted {
                    logger.log(ExposureRecords.noPollen(city: city, threshold: threshold))
                } else if observation != nil {
                    toldNoPollen.remove(city.name)
                }
                let evaluation = ExposureAlertMachine.evaluate(
                    observation, city: city, rule: rule, state: record.pollenAlert ?? CityAlertState(), now: now)
                record.pollenAlert = evaluation.state
                raised += evaluation.events
            }
            if let threshold = configured.alert.uvThreshold, let rule = ExposureRule.uv(configured.alert) {
                let evaluation = ExposureAlertMachine.evaluate(
                    .uv(reading, threshold: threshold), city: city, rule: rule, state: record.uvAlert ?? CityAlertState(),
                    now: now)
                record.uvAlert = evaluation.state
                raised += evaluation.events
            }
            if !raised.isEmpty { before[city.name] = previous }
            events += raised
            state.cities[city.name] = record
        }
        let failed = events.isEmpty ? [] : delivery.submit(routing.eventRequests(events))
        let keptBack = Set(failed.map(\.request.event.city.name))
        for name in keptBack {
            guard let previous = before[name] else { continue }
            state.cities[name]?.pollenAlert = previous.pollen
            state.cities[name]?.uvAlert = previous.uv
        }
        events.removeAll { keptBack.contains($0.city.name) }
        events.forEach { logger.log(DaemonRecords.alert($0)) }
        if let first = failed.first, failures.failed(first.error.reason) {
            logger.log(
                DeliveryRecords.record(
                    .storageFailed(
                        "cannot write an entry: \(first.error); pollen and UV alert state kept for "
                            + "\(Counted.text(keptBack.count, "city", "cities")), raised again with the next reading")))
        }
        return events
    }

    /// Forgets the pollen and UV states of cities whose alert is off (`PollenThreshold=off`
    /// after a reload), so a later one starts afresh.
    static func forgetOff(_ configuration: Configuration, state: inout DaemonState) {
        for configured in configuration.cities {
            if configured.alert.pollenThreshold == nil, state.cities[configured.city.name]?.pollenAlert != nil {
                state.cities[configured.city.name]?.pollenAlert = nil
            }
            if configured.alert.uvThreshold == nil, state.cities[configured.city.name]?.uvAlert != nil {
                state.cities[configured.city.name]?.uvAlert = nil
            }
        }
    }

    /// A poll cycle's `result` with the pollen and UV states of `current`: the cycle never
    /// judges them, and a reading may have been judged while it ran.
    static func carryOver(from current: DaemonState, into result: inout DaemonState) {
        for (name, record) in current.cities where record.pollenAlert != nil || record.uvAlert != nil {
            guard result.cities[name] != nil else { continue }
            result.cities[name]?.pollenAlert = record.pollenAlert
            result.cities[name]?.uvAlert = record.uvAlert
        }
    }
}
