import BreezeAlerts
import BreezeModel
import Testing

/// An AQI off the scale is no data to the alert machine: never Hazardous (which quiet hours
/// never hold), never a breach, never a resolve.
struct ImplausibleAQITests {
    @Test(arguments: [501, 10_000, Int.max, -5, Int.min])
    func anAQIOffTheScaleIsNoData(aqi: Int) {
        let observation = Observation(aqi: aqi, observedAt: "t")
        #expect(observation.aqi == nil)
        #expect(observation.band == nil)
        #expect(!observation.hasData)
    }

    @Test func tenThousandNeverFiresAsHazardous() {
        var player = Player(AlertRule(threshold: 101, confirmAfter: 1))
        #expect(player.feed([10_000, 10_000, 10_000]) == [])
        #expect(player.events.isEmpty)
        #expect(!player.state.firing)
        // Three polls without data make the city stale, as any poll without data does.
        #expect(player.staleAt == [3])
    }

    @Test func whileFiringAValueOffTheScaleNeitherEscalatesNorResolves() {
        var player = Player(AlertRule(threshold: 101, confirmAfter: 1))
        #expect(player.feed(160) == [.firing])
        #expect(player.feed([10_000, -5]) == [])
        #expect(player.state.firing)
        #expect(player.state.notifiedBand == .unhealthy)
        #expect(player.feed(40) == [.resolved])
    }

    @Test func withConcentrationsOnlyThePollutantLimitsJudge() {
        var player = Player(AlertRule(threshold: 101, confirmAfter: 1, pollutantLimits: [.pm2_5: 35]))
        #expect(player.feed(10_000, [.pm2_5: 5]) == [])
        #expect(player.feed(10_000, [.pm2_5: 80]) == [.firing])
        #expect(player.events.last?.band == nil)
        #expect(player.events.last?.aqi == nil)
        // Clean air by the limits, but no AQI to confirm it: the alert stays out.
        #expect(player.feed(10_000, [.pm2_5: 5]) == [])
        #expect(player.state.firing)
    }

    @Test func theTopOfTheScaleIsHazardous() {
        var player = Player(AlertRule(threshold: 101, confirmAfter: 1))
        #expect(player.feed(500) == [.firing])
        #expect(player.events.first?.band == .hazardous)
    }

    @Test func aReadingOffTheScaleHasNoBand() {
        #expect(Reading(time: "t", usAQI: 10_000, concentrations: [:]).band == nil)
        #expect(Reading(time: "t", usAQI: -5, concentrations: [:]).band == nil)
        #expect(Reading(time: "t", usAQI: 500, concentrations: [:]).band == .hazardous)
    }
}
