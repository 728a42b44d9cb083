import BreezeAlerts
import BreezeDaemon
import BreezeModel
import BreezeOpenMeteo
import BreezeSystem
import Synchronization
import Testing
import BreezeState
import BreezeVocabulary
import BreezeTestSupport

/// Answers from a script: per city name, the AQI to report (nil: a failure).
final class ScriptedSource: AirQualitySource {
    let answers = Mutex<[String: Int?]>([:])
    let failure = Mutex<SourceFailure?>(nil)

    func currentReadings(for cities: [City], deadline: Deadline) -> [Result<Reading, SourceFailure>] {
        if let failure = failure.withLock({ $0 }) { return cities.map { _ in .failure(failure) } }
        let answers = answers.withLock { $0 }
        return cities.map { city in
            guard let answer = answers[city.name], let aqi = answer else {
                return .failure(SourceFailure(message: "no data for \(city.name)", permanent: false))
            }
            return .success(
                Reading(time: "2026-08-20T14:00", usAQI: aqi, concentrations: [.pm2_5: Double(aqi) / 3],
                        subIndices: [.pm2_5: aqi]))
        }
    }
}

struct PollCycleTests {
    let paris = WatchedCity(
        city: City(name: "Paris", latitude: 48.8566, longitude: 2.3522), rule: AlertRule(threshold: 101))
    let tokyo = WatchedCity(
        city: City(name: "Tokyo", latitude: 35.6762, longitude: 139.6503), rule: AlertRule(threshold: 51))

    @Test func cycleJudgesEachCityAndLogsIt() {
        let source = ScriptedSource()
        source.answers.withLock { $0 = ["Paris": 130, "Tokyo": 60] }
        let logger = MemoryLogger()
        var state = DaemonState()
        var summary = PollCycle.run(
            cities: [paris, tokyo], state: &state, source: source, logger: logger, now: Instant(unixSeconds: 1000), deadline: Deadline(monotonic: 0))
        #expect(summary.citiesWithData == 2)
        #expect(summary.events.isEmpty)
        summary = PollCycle.run(
            cities: [paris, tokyo], state: &state, source: source, logger: logger, now: Instant(unixSeconds: 2000), deadline: Deadline(monotonic: 0))
        #expect(summary.events.map(\.city.name) == ["Paris", "Tokyo"])
        #expect(summary.alerting == 2)
        #expect(state.lastCycleCompletedAt == Instant(unixSeconds: 2000))
        #expect(state.cities["Paris"]?.band == .unhealthyForSensitiveGroups)
        // Since the observation that put the city in its band (2026-08-20T14:00), not the
        // poll's clock; the alert's episode starts at the same instant, so a card's "in band
        // since" and "firing since" agree.
        #expect(state.cities["Paris"]?.bandSince == Instant(unixSeconds: 1_787_234_400))
        #expect(state.cities["Paris"]?.alert.firing == true)
        #expect(state.cities["Paris"]?.alert.episodeStartedAt == state.cities["Paris"]?.bandSince)
        // Alert records are written once the events are in the outbox (OutboxHandOff): an
        // event logged here could still fail to be written and be raised again.
        #expect(logger.records.filter { $0.field("BREEZE_EVENT") == "firing" }.isEmpty)
        #expect(summary.alertsBefore.keys.sorted() == ["Paris", "Tokyo"])
        #expect(summary.alertsBefore["Paris"]?.breachStreak == 1)
        #expect(logger.records.filter { $0.field("BREEZE_EVENT") == "reading" }.count == 4)
    }

    @Test func oneCityFailingLeavesTheOthersAlone() {
        let source = ScriptedSource()
        source.answers.withLock { $0 = ["Paris": 130, "Tokyo": nil] }
        let logger = MemoryLogger()
        var state = DaemonState()
        let summary = PollCycle.run(
            cities: [paris, tokyo], state: &state, source: source, logger: logger, now: Instant(unixSeconds: 1000), deadline: Deadline(monotonic: 0))
        #expect(summary.citiesWithData == 1)
        #expect(summary.citiesFailed == 1)
        #expect(state.cities["Tokyo"]?.lastError == "no data for Tokyo")
        #expect(state.cities["Paris"]?.lastError == nil)
        let failures = logger.records.filter { $0.field("BREEZE_EVENT") == "fetch-failed" }
        #expect(failures.map { $0.field("BREEZE_CITY") } == ["Tokyo"])
    }

    @Test func aFailedRequestIsLoggedOnceAndTouchesNoAlertState() {
        let source = ScriptedSource()
        source.answers.withLock { $0 = ["Paris": 130, "Tokyo": 60] }
        let logger = MemoryLogger()
        var state = DaemonState()
        _ = PollCycle.run(cities: [paris, tokyo], state: &state, source: source, logger: logger, now: Instant(unixSeconds: 1), deadline: Deadline(monotonic: 0))
        _ = PollCycle.run(cities: [paris, tokyo], state: &state, source: source, logger: logger, now: Instant(unixSeconds: 2), deadline: Deadline(monotonic: 0))
        let alertBefore = state.cities.mapValues(\.alert.firing)
        source.failure.withLock { $0 = SourceFailure(message: "HTTP 503: overloaded", permanent: false) }
        let summary = PollCycle.run(
            cities: [paris, tokyo], state: &state, source: source, logger: logger, now: Instant(unixSeconds: 3), deadline: Deadline(monotonic: 0))
        #expect(summary.citiesFailed == 2)
        #expect(summary.events.isEmpty)
        #expect(state.cities.mapValues(\.alert.firing) == alertBefore)
        let failures = logger.records.filter { $0.field("BREEZE_EVENT") == "fetch-failed" }
        #expect(failures.count == 1)
        #expect(failures.first?.field("BREEZE_CITY") == nil)
    }

    @Test func removedCitiesLeaveTheStateAndKeptOnesKeepTheirAlert() {
        let source = ScriptedSource()
        source.answers.withLock { $0 = ["Paris": 130, "Tokyo": 60] }
        var state = DaemonState()
        let logger = MemoryLogger()
        _ = PollCycle.run(cities: [paris, tokyo], state: &state, source: source, logger: logger, now: Instant(unixSeconds: 1), deadline: Deadline(monotonic: 0))
        _ = PollCycle.run(cities: [paris, tokyo], state: &state, source: source, logger: logger, now: Instant(unixSeconds: 2), deadline: Deadline(monotonic: 0))
        let summary = PollCycle.run(cities: [paris], state: &state, source: source, logger: logger, now: Instant(unixSeconds: 3), deadline: Deadline(monotonic: 0))
        #expect(Array(state.cities.keys) == ["Paris"])
        #expect(state.cities["Paris"]?.alert.firing == true)
        #expect(summary.events.isEmpty)
    }
}
