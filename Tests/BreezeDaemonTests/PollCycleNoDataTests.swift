import BreezeAlerts
import BreezeDaemon
import BreezeModel
import BreezeOpenMeteo
import BreezeSystem
import Testing
import BreezeState
import BreezeVocabulary
import BreezeTestSupport

/// An answer with every value null is no data: counted apart from data, kept out of the
/// remembered reading, and counted by the stale counter.
struct PollCycleNoDataTests {
    /// Paris answers with every value null; Tokyo with an AQI.
    struct HalfNullSource: AirQualitySource {
        func currentReadings(for cities: [City], deadline: Deadline) -> [Result<Reading, SourceFailure>] {
            cities.map { city in
                city.name == "Paris"
                    ? .success(Reading(time: "2026-08-20T15:00", usAQI: nil, concentrations: [:]))
                    : .success(Reading(time: "2026-08-20T15:00", usAQI: 40, concentrations: [.pm2_5: 9]))
            }
        }
    }

    let paris = WatchedCity(
        city: City(name: "Paris", latitude: 48.8566, longitude: 2.3522), rule: AlertRule(threshold: 101))
    let tokyo = WatchedCity(
        city: City(name: "Tokyo", latitude: 35.6762, longitude: 139.6503), rule: AlertRule(threshold: 101))

    @Test func everyValueNullIsCountedAsNoDataAndKeepsTheLastReading() {
        var state = DaemonState()
        var earlier = CityRecord(city: paris.city)
        earlier.lastReading = Reading(time: "2026-08-20T14:00", usAQI: 60, concentrations: [.pm2_5: 16])
        earlier.band = .moderate
        state.cities["Paris"] = earlier
        let summary = PollCycle.run(
            cities: [paris, tokyo], state: &state, source: HalfNullSource(), logger: MemoryLogger(), now: Instant(unixSeconds: 1000),
            deadline: Deadline(monotonic: 0))
        #expect(summary.citiesWithData == 1)
        #expect(summary.citiesWithoutData == 1)
        #expect(summary.citiesFailed == 0)
        #expect(state.cities["Paris"]?.lastReading?.usAQI == 60)
        #expect(state.cities["Paris"]?.band == .moderate)
        #expect(state.cities["Paris"]?.lastError == PollCycle.noValues)
        #expect(state.cities["Paris"]?.alert.missingStreak == 1)
        #expect(state.cities["Tokyo"]?.alert.missingStreak == 0)
        // One city without data is not a failed cycle: the loop keeps its interval.
        #expect(!summary.noCityGotData)
    }

    @Test func aCycleWhereNoCityGotDataHasFailed() {
        var state = DaemonState()
        let nulls = PollCycle.run(
            cities: [paris], state: &state, source: HalfNullSource(), logger: MemoryLogger(), now: Instant(unixSeconds: 1000), deadline: Deadline(monotonic: 0))
        #expect(nulls.noCityGotData)
        let source = ScriptedSource()
        source.failure.withLock { $0 = SourceFailure(message: "connection refused", permanent: false) }
        let failed = PollCycle.run(
            cities: [paris, tokyo], state: &state, source: source, logger: MemoryLogger(), now: Instant(unixSeconds: 2000), deadline: Deadline(monotonic: 0))
        #expect(failed.noCityGotData)
        #expect(!PollCycle.run(cities: [], state: &state, source: source, logger: MemoryLogger(), now: Instant(unixSeconds: 3000), deadline: Deadline(monotonic: 0))
            .noCityGotData)
    }
}
