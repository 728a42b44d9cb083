import BreezeAlerts
import BreezeModel
import Testing
import BreezeVocabulary

/// Event ids come from what was observed, so the same crossing always has the same id.
struct EventIdentifierTests {
    let paris = City(name: "Paris", latitude: 48.8566, longitude: 2.3522)
    let rule = AlertRule(threshold: 101)

    func reading(_ aqi: Int, at time: String) -> Observation {
        Observation(aqi: aqi, observedAt: ObservationTime(time))
    }

    @Test func theSameCrossingFoundAgainAfterARestartHasTheSameId() {
        var state = AlertStateMachine.evaluate(
            reading(130, at: "2026-08-20T13:00"), city: paris, rule: rule, state: CityAlertState(), now: Instant(unixSeconds: 1_787_230_000)
        ).state
        let saved = state
        let first = AlertStateMachine.evaluate(
            reading(140, at: "2026-08-20T14:00"), city: paris, rule: rule, state: state, now: Instant(unixSeconds: 1_787_234_500))
        // kill -9 before the state was saved: the restarted daemon judges the same reading
        // from the older state, minutes later.
        state = saved
        let again = AlertStateMachine.evaluate(
            reading(140, at: "2026-08-20T14:00"), city: paris, rule: rule, state: state, now: Instant(unixSeconds: 1_787_234_900))
        #expect(first.events.map(\.kind) == [.firing])
        #expect(first.events.map(\.id) == again.events.map(\.id))
        #expect(first.events.first?.id == Slug.of("Paris") + "-1787234400-1-firing")
    }

    @Test func aRepeatedObservationTimeNeverGivesTwoEpisodesOneId() {
        var state = CityAlertState()
        var ids: [String] = []
        var now = 1_787_234_500.0
        // A source stuck on one observation time while its values change.
        for aqi in [130, 130, 40, 40, 130, 130] {
            let evaluation = AlertStateMachine.evaluate(
                reading(aqi, at: "2026-08-20T14:00"), city: paris, rule: rule, state: state, now: Instant(unixSeconds: now))
            state = evaluation.state
            ids += evaluation.events.map(\.id)
            now += 900
        }
        #expect(ids.count == 3)
        #expect(Set(ids).count == 3)
        #expect(ids[2].hasSuffix("-1787234401-1-firing"))
    }

    @Test func anUnreadableObservationTimeFallsBackToTheClockAFutureOneIsKept() {
        #expect(EventIdentifier.episodeStart(observedAt: "soon", now: Instant(unixSeconds: 5000), previous: nil) == Instant(unixSeconds: 5000))
        // Replacing a future time by the clock would give every detection another id.
        #expect(EventIdentifier.episodeStart(observedAt: "2099-01-01T00:00", now: Instant(unixSeconds: 1_787_234_400), previous: nil)
            == Instant(unixSeconds: 4_070_908_800))
        #expect(EventIdentifier.episodeStart(observedAt: "2026-08-20T14:00", now: Instant(unixSeconds: 1_787_234_500), previous: nil)
            == Instant(unixSeconds: 1_787_234_400))
    }

    @Test(arguments: [
        ("2026-08-20T14:00", 1_787_234_400.0), ("2026-08-20T14:00:30", 1_787_234_430), ("2026-08-20T14:00Z", 1_787_234_400),
        ("1970-01-01T00:00", 0),
    ])
    func openMeteoTimesParse(text: String, seconds: Double) {
        #expect(TimeText.unixSeconds(openMeteo: text) == seconds)
        #expect(TimeText.openMeteo(Instant(unixSeconds: seconds)) == String(text.prefix(16)))
    }

    @Test(arguments: ["", "2026-08-20", "2026-13-20T14:00", "2026-08-20 14:00", "2026-08-20T24:00", "２０２６-08-20T14:00", "x026-08-20T14:00"])
    func otherTextsAreNoTime(text: String) {
        #expect(TimeText.unixSeconds(openMeteo: text) == nil)
    }

    @Test func idsAreBoundedWhateverTheName() {
        let name = String(repeating: "東", count: 200)
        let id = EventIdentifier.event(city: name, episode: Instant(unixSeconds: 1e300), number: Int.max, kind: .escalated)
        #expect(id.utf8.count <= Slug.maximumLength + 50)
        #expect(EventIdentifier.event(city: "東京", episode: Instant(unixSeconds: 1), number: 1, kind: .firing)
            != EventIdentifier.event(city: "北京", episode: Instant(unixSeconds: 1), number: 1, kind: .firing))
    }
}

/// Times written while the clock ran ahead count as now.
struct FutureTimeTests {
    @Test func remindersResumeAfterALastNotificationFromTheFuture() {
        var rule = AlertRule(threshold: 101)
        rule.repeatEvery = .seconds(3600)
        var state = CityAlertState()
        state.firing = true
        state.episodeStartedAt = Instant(unixSeconds: 1000)
        state.notifiedBand = .unhealthy
        state.lastNotifiedAt = Instant(unixSeconds: 1e12)
        let city = City(name: "Paris", latitude: 0, longitude: 0)
        var now = 10_000.0
        var kinds: [AlertEventKind] = []
        for _ in 0..<6 {
            let evaluation = AlertStateMachine.evaluate(
                Observation(aqi: 160, observedAt: "x"), city: city, rule: rule, state: state, now: Instant(unixSeconds: now))
            state = evaluation.state
            kinds += evaluation.events.map(\.kind)
            now += 900
        }
        #expect(kinds == [.reminder])
    }

    @Test func clampKeepsTimesWithinTheSkew() {
        let now = Instant(unixSeconds: 1000)
        #expect(ClockSkew.clamp(Instant(unixSeconds: 1300), now: now) == Instant(unixSeconds: 1300))
        #expect(ClockSkew.clamp(Instant(unixSeconds: 1301), now: now) == now)
        #expect(ClockSkew.clamp(Instant(unixSeconds: .nan), now: now) == now)
        #expect(ClockSkew.clamp(nil, now: now) == nil)
    }
}

/// Every id, whoever makes it, is built by `EventIdentifier`: the city's slug, then whole seconds.
struct EventIdentifierShapeTests {
    @Test func firingRefreshAndTestIdsShareTheCitySlugAndWholeSeconds() {
        let slug = Slug.of("Paris")
        let firing = EventIdentifier.event(city: "Paris", episode: Instant(unixSeconds: 1_787_234_400.7), number: 1, kind: .firing)
        let refresh = EventIdentifier.refresh(
            city: "Paris", episode: Instant(unixSeconds: 1_787_234_400.7), now: Instant(unixSeconds: 1_787_238_000.2))
        let test = EventIdentifier.test(city: "Paris", now: Instant(unixSeconds: 1_787_238_000.2))
        #expect(firing == slug + "-1787234400-1-firing")
        #expect(refresh == slug + "-1787234400-refresh-1787238000")
        #expect(test == "test-" + slug + "-1787238000")
    }

    @Test func aTestIdIsBoundedWhateverTheClockSays() {
        #expect(EventIdentifier.test(city: "Paris", now: Instant(unixSeconds: -5)) == "test-" + Slug.of("Paris") + "-0")
        #expect(EventIdentifier.test(city: "Paris", now: Instant(unixSeconds: .nan)) == "test-" + Slug.of("Paris") + "-0")
        #expect(EventIdentifier.test(city: "東京", now: Instant(unixSeconds: 1e300)).utf8.count <= Slug.maximumLength + 30)
    }
}
