import BreezeConfig
import BreezeHTTP
import BreezeModel
import BreezeTestSupport
import BreezeVocabulary
import Foundation
import Testing

@testable import BreezeOpenMeteo

/// The poll against the fixture server's timeline scenarios (`Tests/Fixtures/scenarios`): the
/// smoke onset and the forecast peak decoded hour by hour, and each hostile variant named.
struct PollScenarioTests {
    let clock = ManualClock()
    static let paris = Coordinate(latitude: 48.8566, longitude: 2.3522)
    static let delhi = Coordinate(latitude: 28.61, longitude: 77.21)

    static func hour(_ text: String) -> Instant { Instant(unixSeconds: TimeText.unixSeconds(openMeteo: text)!) }

    /// Polls Paris and Delhi from a server playing `scenario`, after `clock` moves it (UTC).
    func poll(_ scenario: String, at now: String? = nil) throws -> (paris: PollConditions, delhi: PollConditions, form: [String: [String]]) {
        let server = try PythonServer(
            fixture: "open_meteo_server.py",
            arguments: Fixtures.openMeteoArguments(["--scenario", Fixtures.path("scenarios/\(scenario).json").path]))
        defer { server.stop() }
        if let now { try server.control("clock", #"{"now":"\#(now)"}"#) }
        let transport = CurlTransport(options: .init(totalTimeout: .seconds(10), maximumBodySize: 1 << 20, userAgent: "breeze-tests"))
        let client = AirQualityClient(
            endpoints: OpenMeteoEndpoints(apiURL: server.baseURL), transport: transport, environment: clock.environment)
        let results = client.poll(for: [Self.paris, Self.delhi], deadline: clock.deadline(in: .seconds(60)))
        let requests = try server.recordedRequests().filter { $0["path"] as? String == "/v1/air-quality" }
        #expect(requests.count == 1, "both cities in one request")
        return (try results[0].get(), try results[1].get(), requests.first?["form"] as? [String: [String]] ?? [:])
    }

    @Test func smokeOnsetHourByHour() throws {
        let before = try poll("smoke-onset")
        #expect(before.paris.hourly.problems.isEmpty)
        #expect(before.paris.current.reading.time == "2026-08-20T10:00")
        #expect(before.paris.current.reading.concentrations[.pm2_5] == 5)
        // What is coming is in the same answer: onset at 12:00, the fall on the 22nd.
        #expect(before.paris.hourly.value(.pm2_5, at: Self.hour("2026-08-20T12:00")) == 150)
        #expect(before.paris.hourly.value(.pm2_5, at: Self.hour("2026-08-21T23:00")) == 150)
        #expect(before.paris.hourly.value(.pm2_5, at: Self.hour("2026-08-22T00:00")) == 5)
        // The scenario applies everywhere: Delhi, in another element of the array, sees it too.
        #expect(before.delhi.hourly.newestFirst(.pm2_5, count: 2) == [5, 5])
        // The request Open-Meteo would weigh: ten variables over six days.
        let variables = ["current", "hourly"].flatMap { before.form[$0]?.last?.split(separator: ",") ?? [] }
        #expect(variables.count == 10)
        #expect(before.form["timeformat"] == ["unixtime"])

        let onset = try poll("smoke-onset", at: "2026-08-20T12:30")
        let reading = onset.paris.current.reading
        #expect(reading.time == "2026-08-20T12:00")
        #expect(reading.concentrations[.pm2_5] == 150)
        #expect(reading.concentrations[.pm10] == 180)
        #expect(reading.usAQI == 46, "Open-Meteo's 24-hour mean lags")
        #expect(onset.paris.hourly.newestFirst(.pm2_5, count: 3) == [150, 5, 5])
        #expect(onset.paris.hourly.newestFirst(.co, count: 1) == [900])
    }

    @Test func forecastPeakReachesTheModelsHorizon() throws {
        let peak = try poll("forecast-peak")
        let hourly = peak.paris.hourly
        #expect(hourly.problems.isEmpty, "nulls past the horizon are no problem")
        #expect(hourly.value(.o3, at: Self.hour("2026-08-21T11:00")) == 200)
        #expect(hourly.value(.o3, at: Self.hour("2026-08-21T19:00")) == 60)
        #expect(hourly.value(.pm10, at: Self.hour("2026-08-22T13:00")) == 90)
        #expect(hourly.lastHourWithValue(.o3) == Self.hour("2026-08-24T14:00"))
        #expect(hourly.lastHourReceived == Self.hour("2026-08-25T13:00"))
        #expect(hourly.value(.o3, at: Self.hour("2026-08-24T15:00")) == nil)
    }

    @Test func aShortForecastIsNamed() throws {
        let hourly = try poll("forecast-peak-short").paris.hourly
        #expect(hourly.problems == ["hourly ends at 2026-08-20T20:00, 6 hours after the current hour; 119 were asked"])
        #expect(hourly.lastHourReceived == Self.hour("2026-08-20T20:00"))
        #expect(hourly.value(.o3, at: Self.hour("2026-08-21T11:00")) == nil)
    }

    @Test func missingHoursAreNamedAndLeftEmpty() throws {
        let paris = try poll("smoke-onset-missing-hours").paris
        #expect(paris.hourly.problems == ["hourly rows missing for 3 hours from 2026-08-20T11:00"])
        #expect(paris.hourly.newestFirst(.pm2_5, count: 4) == [150, nil, nil, nil])
        #expect(paris.current.reading.concentrations[.pm2_5] == 150)
    }

    @Test func nullsInTheMiddleAreNamed() throws {
        let paris = try poll("smoke-onset-nulls").paris
        #expect(paris.hourly.problems == ["pm2_5 null for 4 hours amid values, from 2026-08-20T09:00"])
        #expect(paris.hourly.newestFirst(.pm2_5, count: 7) == [150, 150, nil, nil, nil, nil, 5])
        #expect(paris.current.reading.droppedValues.isEmpty)
    }

    @Test func aListOfTheWrongLengthIsRefusedWhole() throws {
        let paris = try poll("smoke-onset-wrong-length").paris
        let asked = PollRequestShape.standard.pastHours + PollRequestShape.standard.forecastHours
        let problem = "pm2_5 has \(asked - 5) values for \(asked) hours; none is used"
        #expect(paris.hourly.problems == [problem])
        #expect(paris.current.reading.concentrations[.pm2_5] == nil)
        #expect(paris.current.reading.droppedValues == [problem])
        #expect(paris.current.reading.concentrations[.pm10] == 180)
        #expect(paris.current.reading.usAQI != nil)
    }

    @Test func rowsOutOfOrderKeepTheirOwnHours() throws {
        let paris = try poll("smoke-onset-out-of-order").paris
        #expect(paris.hourly.problems == [
            "hourly times out of order: row \(PollRequestShape.standard.pastHours) (2026-08-20T12:00) comes after 2026-08-20T13:00; each row is placed by its own time"
        ])
        #expect(paris.hourly.value(.pm2_5, at: Self.hour("2026-08-20T11:00")) == 5)
        #expect(paris.hourly.value(.pm2_5, at: Self.hour("2026-08-20T12:00")) == 150)
        #expect(paris.hourly.value(.pm2_5, at: Self.hour("2026-08-20T13:00")) == 150)
    }

    /// The 24 hours the current AQI reads: whole in the clean scenario, with rows out of order
    /// (placed by their times) and with a pollutant's nulls (its own gaps, for the completeness
    /// rules); not whole with rows missing or a short list.
    @Test func theCurrentWindowIsCheckedWhole() throws {
        #expect(try poll("smoke-onset", at: "2026-08-20T14:00").paris.hourly.currentWindowProblem == nil)
        #expect(try poll("smoke-onset-out-of-order").paris.hourly.currentWindowProblem == nil)
        #expect(try poll("smoke-onset-missing-hours").paris.hourly.currentWindowProblem
            == "hourly rows missing for 3 hours of the 24 the current AQI reads, from 2026-08-20T11:00")
        #expect(try poll("smoke-onset-nulls").paris.hourly.currentWindowProblem == nil)
        #expect(try poll("smoke-onset-pm-outage").paris.hourly.currentWindowProblem == nil)
        let wrongLength = try poll("smoke-onset-wrong-length").paris.hourly.currentWindowProblem
        #expect(wrongLength?.hasPrefix("pm2_5 has ") == true && wrongLength?.hasSuffix("; none is used") == true)
        let clean = try poll("smoke-onset", at: "2026-08-20T14:00").paris
        guard case .rated(let current) = clean.hourlyCurrentAQI else {
            Issue.record("the clean scenario's hours should rate")
            return
        }
        #expect(clean.alertingAQI(.nowcast).aqi == current.index.aqi)
        #expect(clean.alertingAQI(.nowcast).source == .nowcast)
    }
}
