import BreezeAlerts
import BreezeDaemon
import BreezeModel
import BreezeOpenMeteo
import BreezeSystem
import BreezeState
import BreezeVocabulary
import Testing
import BreezeTestSupport

/// `lastSuccessfulPollAt` (`breeze_last_successful_poll_timestamp_seconds`): the start of the
/// last poll that got the city data; a failure or an all-null answer leaves it.
struct PollCycleLastSuccessTests {
    let paris = WatchedCity(
        city: City(name: "Paris", latitude: 48.8566, longitude: 2.3522), rule: AlertRule(threshold: 101))
    let tokyo = WatchedCity(
        city: City(name: "Tokyo", latitude: 35.6762, longitude: 139.6503), rule: AlertRule(threshold: 101))

    @Test func onlyAPollWithDataMovesIt() {
        var state = DaemonState()
        let cycle = { (now: Double, state: inout DaemonState) in
            _ = PollCycle.run(
                cities: [paris, tokyo], state: &state, source: PollCycleNoDataTests.HalfNullSource(),
                logger: MemoryLogger(), now: Instant(unixSeconds: now), deadline: Deadline(monotonic: 0))
        }
        cycle(1000, &state)
        // Paris answered nulls: polled, never successfully.
        #expect(state.cities["Paris"]?.lastPollAt == Instant(unixSeconds: 1000))
        #expect(state.cities["Paris"]?.lastSuccessfulPollAt == nil)
        #expect(state.cities["Tokyo"]?.lastSuccessfulPollAt == Instant(unixSeconds: 1000))

        let source = ScriptedSource()
        source.failure.withLock { $0 = SourceFailure(message: "connection refused", permanent: false) }
        _ = PollCycle.run(
            cities: [paris, tokyo], state: &state, source: source, logger: MemoryLogger(),
            now: Instant(unixSeconds: 2000), deadline: Deadline(monotonic: 0))
        #expect(state.cities["Tokyo"]?.lastPollAt == Instant(unixSeconds: 2000))
        #expect(state.cities["Tokyo"]?.lastSuccessfulPollAt == Instant(unixSeconds: 1000))

        cycle(3000, &state)
        #expect(state.cities["Tokyo"]?.lastSuccessfulPollAt == Instant(unixSeconds: 3000))
    }
}
