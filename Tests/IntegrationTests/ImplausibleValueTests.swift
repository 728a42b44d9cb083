import Foundation
import Testing

/// The real `breezed --once` and `breezectl now` against a fixture server that sends numbers no
/// integer holds, off the AQI scale or negative (issue 11: `us_aqi: 1e19` trapped both).
struct ImplausibleValueTests {
    static let paris = ("Paris", 48.8566, 2.3522)

    func server(aqi: String, subIndex: String = "40", pm2_5: String = "9.5") throws -> OpenMeteoServer {
        let server = try OpenMeteoServer()
        try server.control(
            "readings",
            #"{"locations":[{"latitude":48.8566,"longitude":2.3522,"current":{"us_aqi":\#(aqi),"us_aqi_pm10":\#(subIndex),"us_aqi_pm2_5":40,"pm2_5":\#(pm2_5)}}]}"#)
        return server
    }

    func configuration(_ server: OpenMeteoServer) throws -> String {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-state-\(UUID().uuidString)").path
        // The values pinned are Open-Meteo's `us_aqi` and sub-indices, set through `current`.
        return try server.configuration(
            cities: [Self.paris], extra: "PollInterval=15min\nJitter=0\nStateDirectory=\(state)\n[Alert]\nAQISource=open-meteo\n")
    }

    @Test(arguments: [
        ("1e19", "us_aqi 1e+19 is beyond the AQI scale (0–500)"),
        ("10000", "us_aqi 10000 is beyond the AQI scale (0–500)"),
        ("-5", "us_aqi -5 is negative"),
    ])
    func theDaemonLogsNoDataWithTheReason(aqi: String, reason: String) throws {
        let server = try server(aqi: aqi, subIndex: "1e300")
        defer { server.stop() }
        let path = try configuration(server)
        // Twice: the second run reads the state the first one wrote.
        for _ in 0..<2 {
            let result = try Binaries.run(Binaries.breezed, ["--config", path, "--once", "--log", "stderr"])
            #expect(result.status == 0)
            #expect(result.standardOutput == "1 city: 1 with data, 0 failed, 0 alerting, 0 alert events\n")
            #expect(result.standardError.contains("Paris: no AQI reported (dropped: "))
            #expect(result.standardError.contains(reason))
            #expect(result.standardError.contains("us_aqi_pm10 1e+300 is beyond the AQI scale (0–500)"))
            #expect(result.standardError.contains("BREEZE_DROPPED="))
            #expect(!result.standardError.contains("BREEZE_AQI="))
            #expect(!result.standardError.contains("BREEZE_BAND="))
        }
    }

    @Test func breezectlNowShowsNoDataAndWhy() throws {
        let server = try server(aqi: "1e19", subIndex: "1e300", pm2_5: "-5")
        defer { server.stop() }
        let result = try Binaries.run(Binaries.breezectl, ["now", "--config", try configuration(server)])
        #expect(result.status == 0)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        // The header, Paris, why values were dropped, and the three legend lines.
        #expect(lines.count == 6, "\(result.standardOutput)")
        // No AQI (neither alerting nor Open-Meteo's) and no PM2.5; the other pollutants and the
        // valid sub-index still show.
        #expect(lines[1].hasPrefix("Paris    —   —  no data  PM2.5  —  "))
        // The poll (which `now` asks since it shows the alerting AQI) checks the sub-indices
        // before the hourly concentrations.
        #expect(lines[2] == "Paris: dropped us_aqi 1e+19 is beyond the AQI scale (0–500); "
            + "us_aqi_pm10 1e+300 is beyond the AQI scale (0–500); pm2_5 -5 is negative")
    }

    @Test func breezectlNowJSONListsTheReasons() throws {
        let server = try server(aqi: "10000")
        defer { server.stop() }
        let result = try Binaries.run(Binaries.breezectl, ["now", "--json", "--config", try configuration(server)])
        #expect(result.status == 0)
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]])
        #expect(objects.first?["aqi"] is NSNull)
        #expect(objects.first?["band"] is NSNull)
        #expect(objects.first?["rejectedValues"] as? [String] == ["us_aqi 10000 is beyond the AQI scale (0–500)"])
    }

    @Test func aCityNameWithControlCharactersNeverReachesTheTerminalRaw() throws {
        let server = try server(aqi: "42")
        defer { server.stop() }
        let path = try server.configuration(cities: [("Pa\u{1B}[2Jr\u{01}is", 48.8566, 2.3522)])
        let now = try Binaries.run(Binaries.breezectl, ["now", "--config", path])
        let daemon = try Binaries.run(Binaries.breezed, ["--config", path, "--check"])
        for output in [now.standardOutput, now.standardError, daemon.standardOutput, daemon.standardError] {
            #expect(!output.utf8.contains { $0 < 0x20 && $0 != 0x0A })
        }
        #expect(now.standardOutput.contains(#"Pa\x1B[2Jr\x01is"#) || now.standardError.contains(#"Pa\x1B[2Jr\x01is"#))
    }
}
