import BreezeTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `breezectl backtest` against the fixture server's 92-day history, as an ordinary user runs
/// it: one batched request, every hour replayed at the configured interval, nothing written.
@Suite(.enabled(if: getuid() == 0, "setpriv --reuid needs root"))
struct BacktestCommandTests {
    @Test func ninetyTwoDaysAreFetchedOnceAndReplayedAtThePollInterval() throws {
        let server = try OpenMeteoServer(arguments: ["--scenario", Fixtures.path("scenarios/history-92-days.json").path])
        defer { server.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-backtest-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/state", withIntermediateDirectories: true)
        chmod(folder, 0o755)
        chmod(folder + "/state", 0o777)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = try server.configuration(
            cities: [DaemonTests.paris],
            extra: "PollInterval=15min\nStateDirectory=\(folder)/state\n[Alert]\nThreshold=101\n"
                + "[Webhook \"ops\"]\nURL=http://127.0.0.1:9/hook\n")
        let result = try Binaries.runAsNobody(Binaries.breezectl, ["backtest", "--days", "92", "--json", "--config", path])
        #expect(result.status == 0, "\(result.standardError)")
        let requests = try server.requests(to: "/v1/air-quality")
        #expect(requests.count == 1)
        let form = requests.first?["form"] as? [String: [String]]
        #expect(form?["past_days"] == ["92"] && form?["forecast_days"] == ["0"])
        let cities = try #require(
            JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]])
        let city = try #require(cities.first)
        #expect(cities.count == 1)
        #expect(city["polls"] as? Int == 92 * 24 * 4)
        // The scenario's smoke of days 18–21 (from 2026-05-20) is one Very Unhealthy episode.
        let episodes = try #require(city["episodes"] as? [[String: Any]])
        let smoke = episodes.filter { ($0["firedAt"] as? String ?? "").hasPrefix("2026-06-07") }
        #expect(smoke.count == 1 && smoke.first?["peakBand"] as? String == "very-unhealthy")
        #expect((city["notifications"] as? [String: Int])?["ops"] == (city["events"] as? [String: Int])?.values.reduce(0, +))
        // It sends nothing and writes nothing: the state folder stays empty.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/state").isEmpty)
    }
}
