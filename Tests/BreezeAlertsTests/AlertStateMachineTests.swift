import BreezeAlerts
import BreezeModel
import Foundation
import Testing
import BreezeVocabulary

/// Plays readings through the state machine, an hour apart, keeping every event.
struct Player {
    var rule: AlertRule
    var state = CityAlertState()
    var now: Double = 1_800_000_000
    var events: [AlertEvent] = []
    var staleAt: [Int] = []
    var step = 0
    let city = City(name: "Paris", latitude: 48.8566, longitude: 2.3522)

    init(_ rule: AlertRule = AlertRule(threshold: 101)) { self.rule = rule }

    /// Feeds one AQI reading (nil: no data) and returns the kinds of events it caused.
    @discardableResult
    mutating func feed(_ aqi: Int?, _ concentrations: [Pollutant: Double] = [:], after: Double = 3600)
        -> [AlertEventKind]
    {
        now += after
        step += 1
        let observation =
            aqi == nil && concentrations.isEmpty
            ? nil
            : Observation(aqi: aqi, concentrations: concentrations, observedAt: ObservationTime("step \(step)"))
        let evaluation = AlertStateMachine.evaluate(
            observation, city: city, rule: rule, state: state, now: Instant(unixSeconds: now))
        state = evaluation.state
        events += evaluation.events
        if evaluation.becameStale { staleAt.append(step) }
        return evaluation.events.map(\.kind)
    }

    mutating func feed(_ readings: [Int?]) -> [AlertEventKind] {
        readings.flatMap { feed($0) }
    }
}

struct AlertStateMachineTests {
    @Test func riseFiresOnlyAfterConfirmation() throws {
        var player = Player()
        #expect(player.feed(50) == [])
        #expect(player.feed(120) == [])
        #expect(player.feed(130) == [.firing])
        let event = try #require(player.events.first)
        #expect(event.aqi == 130)
        #expect(event.band == .unhealthyForSensitiveGroups)
        #expect(event.previousBand == .good)
        #expect(event.observedAt == "step 3")
        // "step 3" is no time: the episode falls back to the clock.
        #expect(event.id == Slug.of("Paris") + "-\(Int(player.now))-1-firing")
        #expect(player.feed([140, 150]) == [])
    }

    @Test func flappingAroundTheThresholdNeverFires() {
        var player = Player()
        #expect(player.feed([120, 90, 120, 100, 101, 95, 130, 60]) == [])
        #expect(!player.state.firing)
    }

    @Test func confirmAfterOneFiresAtOnce() {
        var player = Player(AlertRule(threshold: 101, confirmAfter: 1))
        #expect(player.feed(101) == [.firing])
    }

    @Test func thresholdIsInclusive() {
        var player = Player(AlertRule(threshold: 151))
        #expect(player.feed([150, 150, 150]) == [])
        #expect(player.feed([151, 151]) == [.firing])
    }

    @Test func escalatesWhenAWorseBandIsConfirmed() throws {
        var player = Player()
        _ = player.feed([120, 130])
        #expect(player.feed(160) == [])
        #expect(player.feed(155) == [.escalated])
        let escalation = try #require(player.events.last)
        #expect(escalation.band == .unhealthy)
        #expect(escalation.previousBand == .unhealthyForSensitiveGroups)
        #expect(escalation.id.hasSuffix("-2-escalated"))
        // The same band again is no news.
        #expect(player.feed([170, 180]) == [])
        // The escalation names the band of the reading that confirmed it.
        #expect(player.feed([250, 320]) == [.escalated])
        #expect(player.events.last?.band == .hazardous)
        #expect(player.events.last?.aqi == 320)
        #expect(player.events.last?.previousBand == .unhealthy)
    }

    @Test func interruptedEscalationDoesNotCount() {
        var player = Player()
        _ = player.feed([120, 130])
        #expect(player.feed([160, 130, 160, 140]) == [])
    }

    @Test func fallingInsideTheHysteresisBandDoesNotResolve() {
        var player = Player()
        _ = player.feed([120, 130])
        // The clear level is 101 - 1 - 10 = 90: 91 to 100 keeps the alert.
        #expect(player.feed([95, 91, 100, 93]) == [])
        #expect(player.state.firing)
        #expect(player.feed(90) == [])
        #expect(player.feed(85) == [.resolved])
        #expect(!player.state.firing)
        let resolved = player.events.last!
        #expect(resolved.band == .slightlyHigh)
        #expect(resolved.previousBand == .unhealthyForSensitiveGroups)
        #expect(resolved.id.hasSuffix("-2-resolved"))
    }

    @Test func resolvingAfterEscalationNamesTheWorstAnnouncedBand() {
        var player = Player()
        _ = player.feed([120, 130, 170, 170, 40, 30])
        #expect(player.events.map(\.kind) == [.firing, .escalated, .resolved])
        #expect(player.events.last?.previousBand == .unhealthy)
    }

    @Test func sendResolvedOffResolvesSilently() {
        var player = Player(AlertRule(threshold: 101, sendResolved: false))
        _ = player.feed([120, 130])
        #expect(player.feed([40, 30]) == [])
        #expect(!player.state.firing)
        #expect(player.feed([120, 130]) == [.firing])
    }

    @Test func remindersFollowRepeatEvery() {
        var player = Player(AlertRule(threshold: 101, repeatEvery: .seconds(7200)))
        _ = player.feed([120, 130])
        #expect(player.feed(130) == [])
        #expect(player.feed(130) == [.reminder])
        #expect(player.feed(130) == [])
        #expect(player.feed(130) == [.reminder])
        #expect(player.events.last?.band == .unhealthyForSensitiveGroups)
        #expect(player.events.last?.id.hasSuffix("-3-reminder") == true)
    }

    @Test func noRemindersWhenRepeatEveryIsOff() {
        var player = Player()
        _ = player.feed([120, 130])
        #expect(player.feed([130, 130, 130, 130, 130]) == [])
    }

    @Test func gapsNeitherFireNorResolveNorBreakStreaks() {
        var player = Player()
        #expect(player.feed([120, nil, 130]) == [.firing])
        #expect(player.feed([nil, nil, 40, nil, 30]) == [.resolved])
    }

    @Test func staleIsReportedOnceAfterThreeEmptyPolls() {
        var player = Player()
        _ = player.feed([50, nil, nil, nil, nil, nil, 50, nil, nil, nil])
        #expect(player.staleAt == [4, 10])
    }

    @Test func negativeAQIIsNoData() {
        var player = Player()
        _ = player.feed([120, -1, -5])
        #expect(player.state.breachStreak == 1)
        #expect(player.state.missingStreak == 2)
    }

    @Test func pollutantOverItsLimitBreachesAndHoldsTheAlert() {
        var player = Player(AlertRule(threshold: 151, pollutantLimits: [.no2: 200]))
        #expect(player.feed(40, [.no2: 210]) == [])
        #expect(player.feed(40, [.no2: 250]) == [.firing])
        #expect(player.events.last?.pollutantsOverLimit == [.no2])
        // The AQI is low, but NO2 is still over its limit: no resolve.
        #expect(player.feed(30, [.no2: 201]) == [])
        #expect(player.feed(30, [.no2: 201]) == [])
        #expect(player.feed(30, [.no2: 199]) == [])
        #expect(player.feed(30, [.no2: 150]) == [.resolved])
    }

    @Test func restartFromSavedStateSendsNoDuplicate() throws {
        var player = Player()
        _ = player.feed([120, 130])
        let saved = try JSONEncoder().encode(player.state)
        var restarted = Player()
        restarted.now = player.now
        restarted.state = try JSONDecoder().decode(CityAlertState.self, from: saved)
        #expect(restarted.state == player.state)
        #expect(restarted.feed([130, 140]) == [])
        #expect(restarted.feed([40, 40]) == [.resolved])
    }

    @Test func eachEpisodeHasItsOwnIds() {
        var player = Player()
        _ = player.feed([120, 130, 40, 40, 120, 130])
        let ids = player.events.map(\.id)
        #expect(ids.count == 3)
        #expect(Set(ids).count == 3)
        #expect(ids[2].hasSuffix("-1-firing"))
    }

    @Test func idsBeginWithTheCitySlug() {
        #expect(EventIdentifier.city("Zürich!") == Slug.of("Zürich!"))
        #expect(
            EventIdentifier.event(city: "Paris", episode: Instant(unixSeconds: 1000.5), number: 2, kind: .resolved)
                == Slug.of("Paris") + "-1000-2-resolved")
    }
}
