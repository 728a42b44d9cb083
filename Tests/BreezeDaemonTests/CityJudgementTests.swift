import BreezeAlerts
import BreezeModel
import BreezeOpenMeteo
import BreezeState
import BreezeVocabulary
import Testing

@testable import BreezeDaemon

/// One city's judgement, row by row, without a clock, a queue or a logger: its answer and its
/// record before → its record after, the records it asks to log and the events it raised.
struct CityJudgementTests {
    static let paris = City(name: "Paris", latitude: 48.8566, longitude: 2.3522)
    /// The observation time every reading carries, 2026-08-20T14:00Z.
    static let observed = Instant(unixSeconds: 1_787_234_400)
    /// The cycle's start, ten minutes later.
    static let now = Instant(unixSeconds: 1_787_235_000)

    /// Paris at `Threshold=101`, two readings to fire or resolve; `sensitive`: a
    /// `SensitiveThreshold=` machine at that threshold.
    static func watched(_ source: AQISource = .openMeteo, sensitive: Int? = nil) -> WatchedCity {
        var watched = WatchedCity(city: paris, rule: AlertRule(threshold: 101, confirmAfter: 2), aqiSource: source)
        if let sensitive {
            var rule = AlertRule(threshold: sensitive, confirmAfter: 2)
            rule.audience = .sensitive
            watched.sensitiveRule = rule
        }
        return watched
    }

    static func reading(_ aqi: Int?) -> Reading {
        Reading(
            time: "2026-08-20T14:00", usAQI: aqi, concentrations: aqi.map { [.pm2_5: Double($0) / 3] } ?? [:],
            subIndices: aqi.map { [.pm2_5: $0] } ?? [:])
    }

    static func answer(_ aqi: Int?, hourly: HourlyCurrentAQI? = nil) -> Result<CityPoll, SourceFailure> {
        .success(CityPoll(reading: reading(aqi), hourly: hourly))
    }

    static let failed = Result<CityPoll, SourceFailure>.failure(SourceFailure(message: "HTTP 503: overloaded", permanent: false))

    /// Paris's record after earlier polls: in `band` since an hour before this reading, its
    /// general machine `alert`, the sensitive one `sensitive`; a forecast state and a pollen
    /// alert the judgement must leave alone.
    static func record(
        band: Band?, alert: CityAlertState = CityAlertState(), sensitive: CityAlertState? = nil
    ) -> CityRecord {
        var record = CityRecord(city: paris)
        record.band = band
        record.bandSince = observed - .seconds(3600)
        record.lastPollAt = now - .seconds(900)
        record.lastSuccessfulPollAt = now - .seconds(900)
        record.lastReading = reading(band.map { _ in 77 })
        record.alert = alert
        record.sensitiveAlert = sensitive
        record.forecast = CityForecastState()
        var pollen = CityAlertState()
        pollen.breachStreak = 1
        record.pollenAlert = pollen
        return record
    }

    static func alert(
        firing: Bool = false, breach: Int = 0, clear: Int = 0, missing: Int = 0, notified: Band? = nil, events: Int = 0
    ) -> CityAlertState {
        var state = CityAlertState()
        state.firing = firing
        state.breachStreak = breach
        state.clearStreak = clear
        state.missingStreak = missing
        state.notifiedBand = notified
        state.eventsInEpisode = events
        if firing {
            state.episodeStartedAt = observed - .seconds(7200)
            state.lastNotifiedAt = now - .seconds(7200)
            state.lastCalmBand = .moderate
        }
        return state
    }

    /// A machine's state in brief: firing or calm, and its streaks.
    static func brief(_ state: CityAlertState?) -> String {
        guard let state else { return "none" }
        return "\(state.firing ? "firing" : "calm"), breach \(state.breachStreak), clear \(state.clearStreak), "
            + "missing \(state.missingStreak), events \(state.eventsInEpisode)"
    }

    struct Row: Sendable, CustomTestStringConvertible {
        var name: String
        var answer: Result<CityPoll, SourceFailure>
        var watched = CityJudgementTests.watched()
        var before: CityRecord?

        var judged: CityJudgement.Answer
        var band: Band?
        /// When the city's band began: the observation time when the band changed.
        var bandSince: Instant?
        var lastError: String?
        var alert: String
        var sensitive = "none"
        /// The reading record's message (before `LogReadings=` filters it); nil: none.
        var reading: String?
        var headline: ReadingHeadline.Outcome?
        var failure: String?
        /// The records logged every time, by message.
        var records: [String] = []
        /// The events, as "kind" or "audience kind".
        var events: [String] = []
        var alertBefore: String?
        var sensitiveBefore: String?

        var testDescription: String { name }
    }

    static let rows: [Row] = [
        Row(
            name: "first reading, below the threshold", answer: answer(60), judged: .data, band: .moderate,
            bandSince: observed, alert: "calm, breach 0, clear 0, missing 0, events 0",
            reading: "Paris: AQI 60, Moderate", headline: .data),
        Row(
            name: "first reading, above the threshold: one of two", answer: answer(130), judged: .data,
            band: .unhealthyForSensitiveGroups, bandSince: observed,
            alert: "calm, breach 1, clear 0, missing 0, events 0",
            reading: "Paris: AQI 130, Unhealthy for Sensitive Groups", headline: .data),
        Row(
            name: "crossing up: the second reading above fires", answer: answer(130),
            before: record(band: .unhealthyForSensitiveGroups, alert: alert(breach: 1)), judged: .data,
            band: .unhealthyForSensitiveGroups, bandSince: observed - .seconds(3600),
            alert: "firing, breach 0, clear 0, missing 0, events 1",
            reading: "Paris: AQI 130, Unhealthy for Sensitive Groups", headline: .data, events: ["firing"],
            alertBefore: "calm, breach 1, clear 0, missing 0, events 0"),
        Row(
            name: "crossing down: the second clear reading resolves", answer: answer(40),
            before: record(
                band: .good, alert: alert(firing: true, clear: 1, notified: .unhealthyForSensitiveGroups, events: 1)),
            judged: .data, band: .good, bandSince: observed - .seconds(3600),
            alert: "calm, breach 0, clear 0, missing 0, events 0", reading: "Paris: AQI 40, Good", headline: .data,
            events: ["resolved"], alertBefore: "firing, breach 0, clear 1, missing 0, events 1"),
        Row(
            name: "crossing down on Open-Meteo's value while NowCast's hours broke: held",
            answer: answer(40, hourly: .unusable("rows missing")), watched: watched(.nowcast),
            before: record(
                band: .unhealthyForSensitiveGroups,
                alert: alert(firing: true, clear: 1, notified: .unhealthyForSensitiveGroups, events: 1)),
            judged: .data, band: .good, bandSince: observed, alert: "firing, breach 0, clear 1, missing 1, events 1",
            reading: "Paris: AQI 40, Good (Open-Meteo's us_aqi: hourly series unusable: rows missing)", headline: .data,
            records: ["Paris: alert held (no NowCast this poll: hourly series unusable: rows missing)"]),
        Row(
            name: "a missing reading: the request failed", answer: failed,
            before: record(band: .moderate, alert: alert(breach: 1)), judged: .failed, band: .moderate,
            bandSince: observed - .seconds(3600), lastError: "HTTP 503: overloaded",
            alert: "calm, breach 1, clear 0, missing 1, events 0", failure: "HTTP 503: overloaded"),
        Row(
            name: "a missing reading for a city new to the state", answer: failed, judged: .failed,
            lastError: "HTTP 503: overloaded", alert: "calm, breach 0, clear 0, missing 1, events 0",
            failure: "HTTP 503: overloaded"),
        Row(
            name: "only nulls: not a reading to remember", answer: answer(nil),
            before: record(band: .moderate, alert: alert(breach: 1)), judged: .noValues, band: .moderate,
            bandSince: observed - .seconds(3600), lastError: PollCycle.noValues,
            alert: "calm, breach 1, clear 0, missing 1, events 0", reading: "Paris: no AQI reported",
            headline: .noValues),
        Row(
            name: "only nulls under NowCast: the reading says why neither has an AQI",
            answer: answer(nil, hourly: .unusable("rows missing")), watched: watched(.nowcast), judged: .noValues,
            lastError: PollCycle.noValues, alert: "calm, breach 0, clear 0, missing 1, events 0",
            reading: "Paris: no AQI: hourly series unusable: rows missing, and there is no Open-Meteo us_aqi to fall back on",
            headline: .noValues),
        Row(
            name: "stale: the third poll in a row without data", answer: failed,
            before: record(band: .moderate, alert: alert(missing: 2)), judged: .failed, band: .moderate,
            bandSince: observed - .seconds(3600), lastError: "HTTP 503: overloaded",
            alert: "calm, breach 0, clear 0, missing 3, events 0", failure: "HTTP 503: overloaded",
            records: ["Paris: no data for 3 polls in a row"]),
        Row(
            name: "stale is said once: the fourth poll without data", answer: failed,
            before: record(band: .moderate, alert: alert(missing: 3)), judged: .failed, band: .moderate,
            bandSince: observed - .seconds(3600), lastError: "HTTP 503: overloaded",
            alert: "calm, breach 0, clear 0, missing 4, events 0", failure: "HTTP 503: overloaded"),
        Row(
            name: "sensitive groups: their machine fires below the general threshold", answer: answer(60),
            watched: watched(sensitive: 51),
            before: record(band: .moderate, alert: alert(), sensitive: alert(breach: 1)), judged: .data,
            band: .moderate, bandSince: observed - .seconds(3600),
            alert: "calm, breach 0, clear 0, missing 0, events 0",
            sensitive: "firing, breach 0, clear 0, missing 0, events 1", reading: "Paris: AQI 60, Moderate",
            headline: .data, events: ["sensitive firing"], sensitiveBefore: "calm, breach 1, clear 0, missing 0, events 0"),
        Row(
            name: "sensitive groups: their machine begins with the first reading", answer: answer(60),
            watched: watched(sensitive: 51), judged: .data, band: .moderate, bandSince: observed,
            alert: "calm, breach 0, clear 0, missing 0, events 0",
            sensitive: "calm, breach 1, clear 0, missing 0, events 0", reading: "Paris: AQI 60, Moderate",
            headline: .data),
        Row(
            name: "sensitive groups no longer heard of: their machine is dropped", answer: answer(60),
            before: record(band: .moderate, sensitive: alert(firing: true, events: 1)), judged: .data,
            band: .moderate, bandSince: observed - .seconds(3600), alert: "calm, breach 0, clear 0, missing 0, events 0",
            reading: "Paris: AQI 60, Moderate", headline: .data),
    ]

    @Test(arguments: rows)
    func judges(_ row: Row) {
        let judged = CityJudgement.judge(row.answer, watched: row.watched, before: row.before, now: Self.now)
        #expect(judged.answer == row.judged)
        // The new state.
        let record = judged.record
        #expect(record.city == row.watched.city)
        #expect(record.lastPollAt == Self.now)
        #expect(record.band == row.band)
        #expect(record.bandSince == row.bandSince)
        #expect(record.lastError == row.lastError)
        #expect(Self.brief(record.alert) == row.alert)
        #expect(Self.brief(record.sensitiveAlert) == row.sensitive)
        if case .success(let poll) = row.answer, row.judged == .data {
            #expect(record.lastReading == poll.reading)
            #expect(record.lastSuccessfulPollAt == Self.now)
        } else {
            #expect(record.lastReading == row.before?.lastReading)
            #expect(record.lastSuccessfulPollAt == row.before?.lastSuccessfulPollAt)
        }
        // What the other steps own passes through untouched.
        #expect(record.forecast == row.before?.forecast)
        #expect(record.pollenAlert == row.before?.pollenAlert)
        // The records.
        #expect(judged.reading?.record(city: Self.paris).message == row.reading)
        #expect(judged.reading?.headline.outcome == row.headline)
        #expect(judged.failure == row.failure)
        #expect(judged.records.map(\.message) == row.records)
        // The events, and the states put back when they cannot be written.
        #expect(judged.events.map { [$0.audience?.rawValue, $0.kind.rawValue].compactMap { $0 }.joined(separator: " ") } == row.events)
        #expect(judged.events.allSatisfy { $0.city == Self.paris && $0.createdAt == Self.now })
        #expect(judged.alertBefore.map { Self.brief($0) } == row.alertBefore)
        #expect(judged.sensitiveAlertBefore.map { Self.brief($0) } == row.sensitiveBefore)
    }

    /// The judgement is a function: the same inputs give the same outputs, whatever ran before.
    @Test func judgingTwiceGivesTheSame() {
        for row in Self.rows {
            let first = CityJudgement.judge(row.answer, watched: row.watched, before: row.before, now: Self.now)
            let second = CityJudgement.judge(row.answer, watched: row.watched, before: row.before, now: Self.now)
            #expect(first == second, "\(row.name)")
        }
    }
}
