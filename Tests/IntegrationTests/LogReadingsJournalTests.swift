import BreezeTestSupport
import Foundation
import Testing

/// `LogReadings=` on the path systemd runs: breezed logging to a private journald over five
/// cycles whose readings change between them (a per-request scenario of the fixture server),
/// and `--once`. The reading records per mode; the alert records whatever the mode.
struct LogReadingsJournalTests {
    static let paris = (48.8566, 2.3522)
    static let tokyo = (35.6895, 139.6917)

    /// One scenario step: Paris's and Tokyo's AQI (PM2.5 dominant) and Paris's PM2.5.
    static func step(paris: Int, parisPM25: Double, tokyo: Int) -> String {
        func location(_ place: (Double, Double), _ aqi: Int, _ pm25: Double) -> String {
            #"{"latitude":\#(place.0),"longitude":\#(place.1),"current":{"us_aqi":\#(aqi),"pm2_5":\#(pm25),"us_aqi_pm2_5":\#(aqi)}}"#
        }
        return #"{"locations":[\#(location(Self.paris, paris, parisPM25)),\#(location(Self.tokyo, tokyo, 8.0))]}"#
    }

    /// Cycle by cycle, what `changes` logs: both cities (first cycle); nothing (only Paris's
    /// PM2.5 moved, not its AQI); Paris (AQI 130, a new band: it fires); Tokyo (AQI 31);
    /// nothing (the same again).
    static let scenario = #"{"advance":"per_request","steps":["#
        + [
            step(paris: 40, parisPM25: 9.6, tokyo: 30), step(paris: 40, parisPM25: 9.9, tokyo: 30),
            step(paris: 130, parisPM25: 47.4, tokyo: 30), step(paris: 130, parisPM25: 47.4, tokyo: 31),
            step(paris: 130, parisPM25: 47.4, tokyo: 31),
        ].joined(separator: ",") + "]}"

    func configuration(_ server: OpenMeteoServer, setting: String, state: String) throws -> String {
        try server.control("scenario", Self.scenario)
        return try server.configuration(
            cities: [("Paris", Self.paris.0, Self.paris.1), ("Tokyo", Self.tokyo.0, Self.tokyo.1)],
            // The poll's requests alone: no status page, so no pollen-and-UV request takes a step.
            extra: "StateDirectory=\(state)\nPollInterval=1h\nJitter=0\nLogReadings=\(setting)\nStatusPageExtras=no\n"
                + "[Alert]\nConfirmAfter=1\nAQISource=open-meteo\nForecastThreshold=off\n[Web]\nListen=\n")
    }

    @Test(
        .enabled(if: JournalTests.canRunPrivateJournald, "needs root, unshare and systemd-journald"),
        arguments: [("all", 10), ("changes", 4), ("none", 0)])
    func fiveCyclesLogTheReadingsTheSettingAsksFor(setting: String, readings: Int) throws {
        let server = try OpenMeteoServer()
        defer { server.stop() }
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-state-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: state) }
        let path = try configuration(server, setting: setting, state: state)
        let (result, journal) = try PrivateJournal.run([
            Binaries.fixture("journal-cycles-by-state").path, "4", state + "/state.json",
            Binaries.breezed.path, "--config", path, "--log", "journal",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let requests = try server.requests(to: "/v1/air-quality")
        #expect(requests.count == 5, "five cycles, one request each: \(requests.map { $0["form"] ?? $0["query"] ?? "" })")
        let records = PrivateJournal.breezedRecords(journal)
        let logged = records.filter { $0["BREEZE_EVENT"] as? String == "reading" }
        #expect(logged.count == readings, "\(logged.map { $0["MESSAGE"] as? String ?? "" })")
        if setting == "changes" {
            #expect(logged.map { $0["MESSAGE"] as? String } == [
                "Paris: AQI 40, Good", "Tokyo: AQI 30, Good", "Paris: AQI 130, Unhealthy for Sensitive Groups",
                "Tokyo: AQI 31, Good",
            ])
        }
        // Paris's alert fires in the third cycle whatever is logged.
        let firing = records.filter { $0["BREEZE_EVENT"] as? String == "firing" }
        #expect(firing.map { $0["BREEZE_CITY"] as? String } == ["Paris"])
    }

    @Test(
        .enabled(if: JournalTests.canRunPrivateJournald, "needs root, unshare and systemd-journald"),
        arguments: [("all", 2), ("changes", 2), ("none", 0)])
    func onceLogsTheFirstCycleAsTheDaemonDoes(setting: String, readings: Int) throws {
        let server = try OpenMeteoServer()
        defer { server.stop() }
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-state-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: state) }
        let path = try configuration(server, setting: setting, state: state)
        let (result, journal) = try PrivateJournal.run([Binaries.breezed.path, "--config", path, "--once", "--log", "journal"])
        #expect(result.status == 0, "\(result.standardError)")
        let records = PrivateJournal.breezedRecords(journal)
        #expect(records.filter { $0["BREEZE_EVENT"] as? String == "reading" }.count == readings)
    }
}
