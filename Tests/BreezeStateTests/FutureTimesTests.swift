import BreezeModel
import BreezeState
import Testing
import BreezeVocabulary

/// Times written while the clock ran ahead count as now when the state is loaded.
struct StateFutureTimeTests {
    @Test func aStateFromTheFutureIsClampedOnLoad() {
        var state = DaemonState()
        var record = CityRecord(city: City(name: "Paris", latitude: 0, longitude: 0))
        record.alert.lastNotifiedAt = Instant(unixSeconds: 2_000_000_000)
        record.lastPollAt = Instant(unixSeconds: 1_000_000_200)
        record.alert.episodeStartedAt = Instant(unixSeconds: 2_000_000_000)
        record.lastSuccessfulPollAt = Instant(unixSeconds: 2_000_000_000)
        state.cities["Paris"] = record
        state.lastCycleCompletedAt = Instant(unixSeconds: 2_000_000_000)
        let clamped = state.clampingFutureTimes(now: Instant(unixSeconds: 1_000_000_000))
        #expect(clamped.lastCycleCompletedAt == Instant(unixSeconds: 1_000_000_000))
        #expect(clamped.cities["Paris"]?.alert.lastNotifiedAt == Instant(unixSeconds: 1_000_000_000))
        // Or `/metrics` would say the city got data in the future.
        #expect(clamped.cities["Paris"]?.lastSuccessfulPollAt == Instant(unixSeconds: 1_000_000_000))
        // Within the skew a time is kept.
        #expect(clamped.cities["Paris"]?.lastPollAt == Instant(unixSeconds: 1_000_000_200))
        // An episode's start names its ids: kept, or a restart would rename the episode.
        #expect(clamped.cities["Paris"]?.alert.episodeStartedAt == Instant(unixSeconds: 2_000_000_000))
    }
}
