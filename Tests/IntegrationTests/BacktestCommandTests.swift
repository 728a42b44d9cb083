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
        let result = try Binaries.runAsNobody(Binaries.breezectl, ["backtest", "--days", "92", "--source", "open-meteo", "--json", "--config", path])
        #expect(result.status == 0, "\(result.standardError)")
        let requests = try server.requests(to: "/v1/air-quality")
        #expect(requests.count == 1)
        let form = requests.first?["form"] as? [String: [String]]
        // Today too (`forecast_days=1`): the range ends at its last complete hour.
        #expect(form?["past_days"] == ["92"] && form?["forecast_days"] == ["1"])
        let cities = try #require(
            JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]])
        let city = try #require(cities.first)
        #expect(cities.count == 1)
        // 92 days and today's complete hours (the scenario's today lies in breezectl's past:
        // all 24 of them).
        #expect((92 * 24 * 4...93 * 24 * 4).contains(city["polls"] as? Int ?? 0), "\(city["polls"] ?? "")")
        #expect((city["until"] as? String ?? "") > (city["from"] as? String ?? "~"))
        #expect(city["source"] as? String == "open-meteo")
        // The scenario's smoke of days 18–21 (from 2026-05-20) is one Very Unhealthy episode by
        // Open-Meteo's 24-hour us_aqi.
        let episodes = try #require(city["episodes"] as? [[String: Any]])
        let smoke = episodes.filter { ($0["firedAt"] as? String ?? "").hasPrefix("2026-06-07") }
        #expect(smoke.count == 1 && smoke.first?["peakBand"] as? String == "very-unhealthy")
        #expect((city["notifications"] as? [String: Int])?["ops"] == (city["events"] as? [String: Int])?.values.reduce(0, +))
        // It sends nothing and writes nothing: the state folder stays empty.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/state").isEmpty)
    }

    /// `--source both`: one request still, both sources replayed over the same polls, and the
    /// smoke episode paired — NowCast fires and resolves sooner than the 24-hour us_aqi.
    @Test func bothSourcesSideBySideOnNinetyTwoDays() throws {
        let server = try OpenMeteoServer(arguments: ["--scenario", Fixtures.path("scenarios/history-92-days.json").path])
        defer { server.stop() }
        let path = try server.configuration(
            cities: [DaemonTests.paris], extra: "PollInterval=15min\n[Alert]\nThreshold=101\n")
        let result = try Binaries.runAsNobody(Binaries.breezectl, ["backtest", "--source", "both", "--json", "--config", path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try server.requests(to: "/v1/air-quality").count == 1)
        let cities = try #require(
            JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]])
        let city = try #require(cities.first)
        #expect(city["source"] as? String == "both")
        let sources = try #require(city["sources"] as? [[String: Any]])
        #expect(sources.map { $0["source"] as? String } == ["nowcast", "open-meteo"])
        #expect(sources.map { $0["polls"] as? Int } == [93 * 24 * 4, 93 * 24 * 4])
        let comparison = try #require(city["comparison"] as? [String: Any])
        let pairs = try #require(comparison["pairs"] as? [[String: Any]])
        let nowcastEpisodes = try #require(sources[0]["episodes"] as? [[String: Any]])
        let openMeteoEpisodes = try #require(sources[1]["episodes"] as? [[String: Any]])
        // Every episode is in a pair or counted as only one source's.
        #expect(Set(pairs.compactMap { $0["firstEpisode"] as? Int }).count + (comparison["onlyFirst"] as? Int ?? -1) == nowcastEpisodes.count)
        #expect(Set(pairs.compactMap { $0["secondEpisode"] as? Int }).count + (comparison["onlySecond"] as? Int ?? -1) == openMeteoEpisodes.count)
        // The smoke (from 2026-06-07): the lead is the difference of the two firing times.
        let smoke = try #require(pairs.first { ($0["secondFiredAt"] as? String ?? "").hasPrefix("2026-06-07") })
        let times = ISO8601DateFormatter()
        let nowcastFired = try #require((smoke["firstFiredAt"] as? String).flatMap(times.date(from:)))
        let openMeteoFired = try #require((smoke["secondFiredAt"] as? String).flatMap(times.date(from:)))
        #expect(smoke["firedSoonerSeconds"] as? Double == openMeteoFired.timeIntervalSince(nowcastFired))
        #expect(nowcastFired < openMeteoFired)
        #expect((smoke["resolvedSoonerSeconds"] as? Double ?? 0) > 0)

        let text = try Binaries.runAsNobody(Binaries.breezectl, ["backtest", "--source", "both", "--config", path])
        #expect(text.status == 0)
        #expect(text.standardOutput.contains("Paris by nowcast: 92 days"))
        #expect(text.standardOutput.contains("Paris by open-meteo: 92 days"))
        #expect(text.standardOutput.contains("nowcast beside open-meteo: \(pairs.count) pairs"))
    }
}
