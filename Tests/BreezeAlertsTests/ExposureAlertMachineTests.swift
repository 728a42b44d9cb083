import BreezeAlerts
import BreezeModel
import Foundation
import Testing
import BreezeVocabulary

/// Pollen and UV readings played through `ExposureAlertMachine`, three hours apart (the
/// pollen request's cadence), keeping every event.
struct ExposurePlayer {
    var rule: ExposureRule
    var state = CityAlertState()
    var now: Double = 1_800_000_000
    var events: [AlertEvent] = []
    let city = City(name: "Paris", latitude: 48.8566, longitude: 2.3522)

    /// Feeds one reading (nil: no data for the subject) and returns the kinds it caused.
    @discardableResult
    mutating func feed(_ reading: PollenReading?) -> [AlertEventKind] {
        var reading = reading
        reading?.time = TimeText.openMeteo(Instant(unixSeconds: now))
        let observation: ExposureObservation? = reading.flatMap { reading in
            switch rule.subject {
            case .pollen: ExposureObservation.pollen(reading, threshold: PollenLevel(rawValue: Int(rule.threshold))!)
            default: ExposureObservation.uv(reading, threshold: Int(rule.threshold))
            }
        }
        let evaluation = ExposureAlertMachine.evaluate(
            observation, city: city, rule: rule, state: state, now: Instant(unixSeconds: now))
        state = evaluation.state
        events += evaluation.events
        now += 3 * 3600
        return evaluation.events.map(\.kind)
    }

    static func birch(_ count: Double) -> PollenReading { PollenReading(counts: [.birch: count]) }
    static func uv(maximum: Double?, now: Double? = nil) -> PollenReading {
        var reading = PollenReading(uvIndex: now)
        reading.uvIndexMaximumToday = maximum
        return reading
    }
}

struct ExposureAlertMachineTests {
    static let pollenHigh = ExposureRule(subject: .pollen, threshold: Double(PollenLevel.high.rawValue), confirmAfter: 1)

    @Test func pollenFiresAtTheThresholdEscalatesAndResolvesBelowIt() {
        var player = ExposurePlayer(rule: Self.pollenHigh)
        #expect(player.feed(ExposurePlayer.birch(40)) == [])  // Moderate
        #expect(player.feed(ExposurePlayer.birch(95)) == [.firing])  // High
        #expect(player.state.firing && player.state.notifiedLevel == PollenLevel.high.rawValue)
        #expect(player.feed(ExposurePlayer.birch(200)) == [])  // still High
        #expect(player.feed(ExposurePlayer.birch(1600)) == [.escalated])  // Very High
        #expect(player.feed(ExposurePlayer.birch(95)) == [])  // back to High: still firing
        #expect(player.feed(ExposurePlayer.birch(89)) == [.resolved])  // Moderate
        #expect(!player.state.firing)
        let firing = player.events[0]
        #expect(firing.subject == .pollen && firing.about == .pollen)
        #expect(firing.pollen?.level == .high && firing.pollen?.type == .birch && firing.pollen?.counts[.birch] == 95)
        #expect(firing.band == nil && firing.aqi == nil)
        #expect(player.events[1].pollen?.previousLevel == .high && player.events[1].pollen?.level == .veryHigh)
        #expect(player.events[2].pollen?.previousLevel == .veryHigh && player.events[2].pollen?.level == .moderate)
    }

    @Test func idsAndThreadAreThePollenEpisodes() {
        var player = ExposurePlayer(rule: Self.pollenHigh)
        let start = Int64(player.now)
        let slug = EventIdentifier.city("Paris")
        player.feed(ExposurePlayer.birch(95))
        player.feed(ExposurePlayer.birch(5))
        #expect(player.events.map(\.id) == ["\(slug)-pollen-\(start)-1-firing", "\(slug)-pollen-\(start)-2-resolved"])
        #expect(player.events.allSatisfy { $0.thread == "\(slug)-pollen-\(start)" })
        #expect(player.events[0].thread == EventIdentifier.thread(city: "Paris", episode: Instant(unixSeconds: Double(start)), part: "pollen"))
        // The next episode gets new ids.
        player.feed(ExposurePlayer.birch(95))
        #expect(player.events[2].id == "\(slug)-pollen-\(start + 2 * 3 * 3600)-1-firing")
    }

    @Test func confirmAfterCountsReadingsToFireEscalateAndResolve() {
        var player = ExposurePlayer(rule: ExposureRule(subject: .pollen, threshold: 3, confirmAfter: 2))
        #expect(player.feed(ExposurePlayer.birch(95)) == [])
        #expect(player.feed(ExposurePlayer.birch(10)) == [])  // the streak breaks
        #expect(player.feed(ExposurePlayer.birch(95)) == [])
        #expect(player.feed(ExposurePlayer.birch(95)) == [.firing])
        #expect(player.feed(ExposurePlayer.birch(2000)) == [])
        #expect(player.feed(ExposurePlayer.birch(2000)) == [.escalated])
        #expect(player.feed(ExposurePlayer.birch(10)) == [])
        #expect(player.feed(ExposurePlayer.birch(10)) == [.resolved])
    }

    /// No pollen data (outside Europe, out of season) is never "none": nothing fires, nothing
    /// resolves, the streaks hold.
    @Test func noDataHoldsTheState() {
        var player = ExposurePlayer(rule: ExposureRule(subject: .pollen, threshold: 3, confirmAfter: 2))
        player.feed(ExposurePlayer.birch(95))
        #expect(player.feed(PollenReading()) == [])  // no counts at all
        #expect(player.state.breachStreak == 1)
        #expect(player.feed(ExposurePlayer.birch(95)) == [.firing])
        let firing = player.state
        #expect(player.feed(nil) == [] && player.feed(PollenReading()) == [])
        #expect(player.state.firing && player.state.clearStreak == firing.clearStreak && player.state.missingStreak == 2)
    }

    @Test func withoutSendResolvedTheEpisodeEndsQuietly() {
        var player = ExposurePlayer(rule: ExposureRule(subject: .pollen, threshold: 3, confirmAfter: 1, sendResolved: false))
        player.feed(ExposurePlayer.birch(95))
        #expect(player.feed(ExposurePlayer.birch(1)) == [])
        #expect(!player.state.firing && player.state.episodeStartedAt != nil)
    }

    /// UV: the day's maximum is judged, it fires at the threshold, escalates by WHO band and
    /// resolves only a full point below the threshold.
    @Test func uvFiresByTheDaysMaximumWithAPointOfHysteresis() {
        var player = ExposurePlayer(rule: ExposureRule(subject: .uv, threshold: 6, confirmAfter: 1))
        #expect(player.feed(ExposurePlayer.uv(maximum: 5.9, now: 1)) == [])
        #expect(player.feed(ExposurePlayer.uv(maximum: 6.2, now: 0.5)) == [.firing])
        #expect(player.events[0].uv?.index == 6.2 && player.events[0].uv?.band == .high)
        #expect(player.feed(ExposurePlayer.uv(maximum: 7.4)) == [])  // still High
        #expect(player.feed(ExposurePlayer.uv(maximum: 8.1)) == [.escalated])  // Very High
        #expect(player.events[1].uv?.previousBand == .high)
        #expect(player.feed(ExposurePlayer.uv(maximum: 5.4)) == [])  // below, but not a point below
        #expect(player.feed(ExposurePlayer.uv(maximum: 5.0)) == [.resolved])
        #expect(player.events[2].subject == .uv && player.events[2].id.contains("-uv-"))
        #expect(player.events[2].uv?.previousBand == .veryHigh)
    }

    @Test func uvFallsBackToTheCurrentIndexAndHoldsWithoutEither() {
        var player = ExposurePlayer(rule: ExposureRule(subject: .uv, threshold: 3, confirmAfter: 1))
        #expect(player.feed(ExposurePlayer.uv(maximum: nil, now: 4)) == [.firing])
        #expect(player.feed(ExposurePlayer.uv(maximum: nil, now: nil)) == [])
        #expect(player.state.firing)
    }

    @Test func worstTypeIsTheHighestLevelThenTheHighestRelativeCount() {
        #expect(PollenDetails.worst([:]) == nil)
        let worst = PollenDetails.worst([.birch: 95, .grass: 21, .alder: 3])
        #expect(worst?.level == .high && worst?.type == .birch)
        #expect(PollenDetails.worst([.birch: 95, .grass: 199])?.type == .grass)
        #expect(PollenDetails.worst([.grass: 4, .ragweed: 60])?.type == .ragweed)
        let details = PollenDetails(level: .high, type: .birch, counts: [.birch: 95.4], threshold: .high)
        #expect(details.phrase == "Birch pollen High (95 grains/m³)")
    }
}
