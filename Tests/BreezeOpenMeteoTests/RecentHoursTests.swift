import BreezeAlerts
import BreezeConfig
import BreezeHTTP
import BreezeModel
import BreezeTestSupport
import BreezeVocabulary
import Foundation
import Testing

@testable import BreezeOpenMeteo

/// A poll asking only the recent hours (`PollRequestShape.recent`), its answer laid over the
/// city's `KeptHours`: the same grid, reading and AQI as a poll of the whole window.
@Suite(.serialized)
struct RecentHoursTests {
    static let cities = [
        City(name: "Paris", latitude: 48.85, longitude: 2.35), City(name: "東京", latitude: 35.68, longitude: 139.69),
        City(name: "Quito", latitude: -0.18, longitude: -78.47),
    ]
    let clock = ManualClock()

    /// The kept hours a daemon keeps from `poll` (as `PollCycle` does).
    static func kept(_ poll: CityPoll, _ city: City) throws -> KeptHours {
        let series = try #require(poll.forecast)
        let current = try #require(series.currentHour)
        return try #require(
            KeptHours(
                latitude: city.latitude, longitude: city.longitude, firstHour: series.firstHour,
                currentHour: current, concentrations: series.concentrations))
    }

    static func polls(_ source: OpenMeteoSource, _ asks: [PollAsk]) throws -> [CityPoll] {
        var requests: [String: Int] = [:]
        return try source.polls(
            for: cities, asks: asks, deadline: Deadline(after: .seconds(60), from: ClockReading.system()),
            requests: &requests, reducing: { _, _ in }
        ).map { try $0.get() }
    }

    /// Against the fixture server: hours kept from a poll of the whole window an hour before,
    /// then a poll of the recent hours over them, gives what a poll of the whole window gives
    /// at the same time — every hour, the reading, the AQI, the problems.
    @Test func aRecentAnswerOverKeptHoursIsTheWholeWindowsAnswer() throws {
        let server = try PythonServer(
            fixture: "open_meteo_server.py", arguments: Fixtures.openMeteoArguments(["--now", "2026-08-20T13:20"]))
        defer { server.stop() }
        let source = OpenMeteoSource(
            client: AirQualityClient(
                endpoints: OpenMeteoEndpoints(apiURL: server.baseURL),
                transport: CurlTransport(options: .init(userAgent: "breeze-tests"))))
        // Hours that differ one from the next (PM2.5 rising and falling, O₃ on a daily cycle,
        // CO past what tenths in a UInt16 hold), for every location.
        try server.control(
            "scenario",
            #"{"anchor": "2026-08-20T00:00", "now": "2026-08-20T13:20", "series": [{"horizon_hours": 96, "hourly": {"pm2_5": [[-72, 5.0], [-30, 80.0], [-10, 12.0], [13, 150.0], [20, 20.0]], "ozone": {"keys": [[-72, 60.0]], "daily_cycle": 0.3, "peak_hour": 15}, "carbon_monoxide": [[-72, 200.0], [14, 9000.0]]}}]}"#)
        let whole = Self.cities.map { _ in PollAsk(forecast: false) }
        let before = try Self.polls(source, whole)
        let kept = try zip(before, Self.cities).map { try Self.kept($0, $1) }
        try server.control("clock", #"{"now": "2026-08-20T14:05"}"#)
        let full = try Self.polls(source, whole)
        let recent = try Self.polls(source, kept.map { PollAsk(forecast: false, recent: $0) })
        for (index, city) in Self.cities.enumerated() {
            #expect(recent[index] == full[index], "\(city.name)")
            #expect(recent[index].forecast?.concentrations.hourCount == 73)
            #expect(recent[index].hourly == full[index].hourly)
            #expect(recent[index].forecast?.concentrations.lastHourWithValue(.pm2_5) == 72)
        }
        // The poll of the whole window had values to compare: the equality is not of nothing.
        #expect(full.allSatisfy { $0.forecast?.concentrations.storedValues(.pm2_5)?.allSatisfy { !$0.isNaN } == true })
        // Values that change hour by hour: an hour off anywhere would show.
        #expect(full.allSatisfy { Set($0.forecast?.concentrations.storedValues(.pm2_5) ?? []).count > 20 })
        #expect(full.allSatisfy { Set($0.forecast?.concentrations.storedValues(.o3) ?? []).count > 10 })
        #expect(kept.allSatisfy { $0.exceptionCount > 0 })
        let pasts = try server.recordedRequests().filter { ($0["path"] as? String) == "/v1/air-quality" }.compactMap {
            ($0["form"] as? [String: [String]])?["past_hours"]?.first
        }
        #expect(pasts == ["72", "72", "3"])
    }

    func poll(_ element: [String: Any], over kept: KeptHours) throws -> (PollConditions, [String: String]) {
        let transport = RecordingTransport(outcomes: [ResponseBodies.ok(element)])
        let client = AirQualityClient(
            endpoints: OpenMeteoEndpoints(apiURL: "http://127.0.0.1:1"), transport: transport,
            environment: clock.environment)
        let result = client.poll(
            for: [PollDecodingTests.berlin], shape: .recent, kept: [kept], deadline: clock.deadline(in: .seconds(60))
        ) { _, conditions in conditions }[0]
        return (try result.get(), ResponseBodies.form(transport.requests[0]))
    }

    static let current = Int(PollDecodingTests.now) / 3600
    static let now = Instant(unixSeconds: PollDecodingTests.now)

    /// 5.5 µg/m³ in every hour before the current one, but `missing`.
    static func kept(missing: Set<Int> = []) -> KeptHours {
        var kept = KeptHours(latitude: 52.52, longitude: 13.41)
        for back in (1...72).reversed() where !missing.contains(back) { kept.setRow(hour: current - back) { _ in 5.5 } }
        return kept
    }

    @Test func theAnswerWinsOverKeptHoursAndHoursNeitherHasStayMissing() throws {
        let (conditions, form) = try poll(PollDecodingTests.element(hours: Array(-3..<1)), over: Self.kept(missing: [30]))
        #expect(form["past_hours"] == "3" && form["forecast_hours"] == "1")
        let hours = conditions.hourly
        #expect(hours.hourCount == 73)
        #expect(hours.firstHour == Self.now - .seconds(72 * 3600))
        #expect(hours.currentIndex == 72)
        // A revision: the answer's 98 over the kept 5.5.
        #expect(hours.value(.pm2_5, at: Self.now - .seconds(2 * 3600)) == 98)
        #expect(hours.value(.pm2_5, at: Self.now) == 100)
        #expect(hours.value(.pm2_5, at: Self.now - .seconds(4 * 3600)) == 5.5)
        #expect(hours.value(.pm2_5, at: Self.now - .seconds(72 * 3600)) == 5.5)
        #expect(hours.value(.pm2_5, at: Self.now - .seconds(30 * 3600)) == nil)
        #expect(hours.problems.isEmpty)
        // The hour neither has lies before the 24 the current AQI reads.
        #expect(hours.currentWindowProblem == nil)
        #expect(conditions.current.reading.concentrations[.pm2_5] == 100)
        guard case .rated = conditions.hourlyCurrentAQI else {
            Issue.record("the current AQI is not rated: \(conditions.hourlyCurrentAQI)")
            return
        }
    }

    @Test func anHourMissingFromBothInTheCurrentWindowLeavesItUnusable() throws {
        let (conditions, _) = try poll(PollDecodingTests.element(hours: Array(-3..<1)), over: Self.kept(missing: [10]))
        #expect(
            conditions.hourly.currentWindowProblem
                == "hourly rows missing for 1 hour of the 24 the current AQI reads, from 2026-08-20T04:00")
    }

    /// What is wrong with the answer is judged against what was asked (4 hours), not the grid.
    @Test func aRecentAnswersProblemsAreJudgedAgainstWhatWasAsked() throws {
        // The row of 2 hours ago left out: the kept hour fills it, and the answer's gap is said.
        let (gap, _) = try poll(PollDecodingTests.element(hours: [-3, -1, 0]), over: Self.kept())
        #expect(gap.hourly.problems == ["hourly rows missing for 1 hour from 2026-08-20T12:00"])
        #expect(gap.hourly.value(.pm2_5, at: Self.now - .seconds(2 * 3600)) == 5.5)
        #expect(gap.hourly.currentWindowProblem == nil)
        // No row for the current hour: said as for any poll, and the current window lacks it.
        let (short, _) = try poll(PollDecodingTests.element(hours: [-3, -2, -1]), over: Self.kept())
        #expect(short.hourly.problems.contains { $0.hasPrefix("hourly ends at 2026-08-20T13:00, -1 hours after the current hour; 0 were asked") })
        #expect(short.hourly.currentWindowProblem?.hasPrefix("hourly rows missing for 1 hour of the 24") == true)
        // A column refused: unusable, whatever is kept.
        let (refused, _) = try poll(
            PollDecodingTests.element(hours: Array(-3..<1), units: ["pm10": "ppm"]), over: Self.kept())
        #expect(refused.hourly.currentWindowProblem?.hasPrefix("pm10") == true)
    }
}
