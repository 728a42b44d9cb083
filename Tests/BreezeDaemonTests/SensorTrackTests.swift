import BreezeConfig
import BreezeModel
import BreezeSensors
import BreezeVocabulary
import Testing

@testable import BreezeDaemon

/// One sensor as the daemon follows it: what each answer does to its status, when it goes
/// stale, and when it is asked next.
struct SensorTrackTests {
    static let paris = City(name: "Paris", latitude: 48.8566, longitude: 2.3522)
    /// 2026-08-20 14:00:00 UTC.
    static let start = Instant(unixSeconds: 1_787_234_400)

    static func track(_ kind: SensorKind = .purpleAir, staleAfter: Duration = .seconds(7200)) -> SensorTrack {
        SensorTrack(
            settings: SensorSettings(
                name: "backyard", kind: kind, url: "http://127.0.0.1:9/json", city: "Paris",
                apiKey: kind == .airNow ? Secret("k") : nil, staleAfter: staleAfter),
            city: paris, now: start)
    }

    static func sample(_ pm: Double?, at: Instant, invalid: String? = nil) -> SensorSample {
        SensorSample(
            at: at, covers: .seconds(120), pm2_5: pm, rawPM2_5: pm, humidity: 40, correction: .epaPurpleAir,
            invalidReason: invalid)
    }

    @Test func aValidSampleSetsPMAndTheTimeOfTheLastValidOne() {
        var track = Self.track()
        track.apply(.success(.sample(Self.sample(12.34, at: Self.start))), now: Self.start + .seconds(1))
        let status = track.status(now: Self.start + .seconds(1))
        #expect(status.pm2_5 == 12.34)
        #expect(status.verdict == "valid")
        #expect(status.lastValidAt == Self.start)
        #expect(status.label == "sensor backyard")
        #expect(track.nextDue == Self.start + .seconds(121))
    }

    @Test func anInvalidSampleSaysWhyAndKeepsTheLastValidTime() {
        var track = Self.track()
        track.apply(.success(.sample(Self.sample(12, at: Self.start))), now: Self.start)
        track.apply(
            .success(.sample(Self.sample(nil, at: Self.start + .seconds(120), invalid: "channels A and B disagree"))),
            now: Self.start + .seconds(120))
        let status = track.status(now: Self.start + .seconds(120))
        #expect(status.pm2_5 == nil)
        #expect(status.verdict == "invalid: channels A and B disagree")
        #expect(status.lastValidAt == Self.start)
    }

    @Test func staleAfterStaleAfterWithoutAValidSampleEvenWhenItNeverAnswered() {
        var track = Self.track(staleAfter: .seconds(3600))
        #expect(!track.isStale(now: Self.start + .seconds(3599)))
        #expect(track.isStale(now: Self.start + .seconds(3600)))
        track.apply(.success(.sample(Self.sample(5, at: Self.start + .seconds(3000)))), now: Self.start + .seconds(3000))
        #expect(!track.isStale(now: Self.start + .seconds(6599)))
        track.apply(.failure(SensorFailure("no answer within 10s")), now: Self.start + .seconds(6000))
        #expect(track.status(now: Self.start + .seconds(6600)).stale)
        #expect(track.status(now: Self.start + .seconds(6600)).verdict == "invalid: no answer within 10s")
    }

    @Test func airNowTakesItsHighestNowCastAndIsAskedAt35PastTheHour() {
        var track = Self.track(.airNow)
        let now = Self.start + .seconds(10 * 60)
        track.apply(
            .success(
                .airNow([
                    AirNowObservation(parameter: "OZONE", pollutant: .o3, nowCastAQI: 48, siteName: "Oakland", hourStart: Self.start),
                    AirNowObservation(parameter: "PM2.5", pollutant: .pm2_5, nowCastAQI: 161, siteName: "Oakland West", hourStart: Self.start),
                ])), now: now)
        let status = track.status(now: now)
        #expect(status.nowCastAQI == 161)
        #expect(status.label == "AirNow Oakland West")
        #expect(track.nextDue == Self.start + .seconds(35 * 60))
        track.apply(.success(.airNow([])), now: Self.start + .seconds(35 * 60))
        #expect(track.nextDue == Self.start + .seconds(95 * 60))
        #expect(track.status(now: Self.start + .seconds(35 * 60)).verdict == "invalid: AirNow has no observation near the city")
    }

    @Test func airNowObservationsHoursOldDoNotCount() {
        var track = Self.track(.airNow)
        let old = AirNowObservation(
            parameter: "PM2.5", pollutant: .pm2_5, nowCastAQI: 161, siteName: "Oakland", hourStart: Self.start - .seconds(5 * 3600))
        track.apply(.success(.airNow([old])), now: Self.start)
        #expect(track.status(now: Self.start).nowCastAQI == nil)
        #expect(track.status(now: Self.start).invalidReason == "AirNow's observations near the city are over 3 hours old")
    }

    @Test func airNowsHourlyLimitWaitsForTheNextHour() {
        var track = Self.track(.airNow)
        track.apply(.failure(SensorFailure("AirNow: request limit reached", limitReached: true)), now: Self.start + .seconds(40 * 60))
        #expect(track.nextDue == Self.start + .seconds(95 * 60))
    }
}
