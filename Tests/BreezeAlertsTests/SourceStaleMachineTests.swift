import BreezeAlerts
import BreezeModel
import BreezeVocabulary
import Testing

/// `source-stale`: confirmed like every alert, one event per episode however long the sensor
/// stays down, resolved when it is back, with ids of its own per sensor.
struct SourceStaleMachineTests {
    static let tokyo = City(name: "東京", latitude: 35.68, longitude: 139.69, timeZone: "Asia/Tokyo")
    static let start = Instant(unixSeconds: 1_787_234_400)

    static func status(_ name: String = "roof", stale: Bool, reason: String? = "no answer within 10s") -> SensorStatus {
        SensorStatus(
            name: name, kind: .airGradient, placement: .outdoor, label: "sensor " + name,
            invalidReason: stale ? reason : nil, lastValidAt: start - .seconds(7200), stale: stale)
    }

    func run(_ steps: [Bool], confirmAfter: Int = 2, sendResolved: Bool = true) -> (CityAlertState, [AlertEvent]) {
        var state = CityAlertState()
        var events: [AlertEvent] = []
        for (index, stale) in steps.enumerated() {
            let evaluation = SourceStaleMachine.evaluate(
                Self.status(stale: stale), city: Self.tokyo, confirmAfter: confirmAfter, sendResolved: sendResolved,
                state: state, now: Self.start + .seconds(Double(index) * 900))
            state = evaluation.state
            events += evaluation.events
        }
        return (state, events)
    }

    @Test func oneStalePollIsNotEnoughWithConfirmAfterTwo() {
        let (state, events) = run([true, false, true, false])
        #expect(events.isEmpty)
        #expect(!state.firing)
    }

    @Test func aLongOutageIsOneEventAndItsReturnAnother() {
        let (state, events) = run([true, true, true, true, true, true, false, false])
        #expect(events.map(\.kind) == [.firing, .resolved])
        #expect(!state.firing)
        #expect(events.allSatisfy { $0.subject == .source })
        #expect(events[0].thread == events[1].thread)
        #expect(events[0].id.hasSuffix("-1-firing"))
        #expect(events[1].id.hasSuffix("-2-resolved"))
    }

    @Test func oneFreshPollAmidStaleOnesDoesNotResolve() {
        let (state, events) = run([true, true, false, true, false])
        #expect(events.map(\.kind) == [.firing])
        #expect(state.firing)
    }

    @Test func sendResolvedNoEndsTheEpisodeSilently() {
        let (state, events) = run([true, true, false, false], sendResolved: false)
        #expect(events.map(\.kind) == [.firing])
        #expect(!state.firing)
    }

    @Test func theMessageUsesTheCitysClockAndSaysWhatAlertsUse() {
        let (_, events) = run([true, true])
        // 2 hours before 14:00 UTC is 12:00 UTC, 21:00 in Tokyo.
        #expect(events.first?.message == "The roof sensor in 東京 has not answered since 21:00 JST; alerts use the model until it is back")
        #expect(events.first?.tips.last == "Last attempt: no answer within 10s")
    }

    @Test func idsDifferPerSensor() {
        let a = SourceStaleMachine.evaluate(
            Self.status("a", stale: true), city: Self.tokyo, confirmAfter: 1, sendResolved: true, state: CityAlertState(), now: Self.start)
        let b = SourceStaleMachine.evaluate(
            Self.status("b", stale: true), city: Self.tokyo, confirmAfter: 1, sendResolved: true, state: CityAlertState(), now: Self.start)
        #expect(a.events.first?.id != b.events.first?.id)
        #expect(SourceStaleMachine.part("a") != SourceStaleMachine.part("b"))
    }
}
