import Foundation
import Testing

/// `breezectl now` as a real process against the fixture server.
final class NowCommandTests {
    let server: OpenMeteoServer
    let cities = [("Berlin", 52.52, 13.41), ("Paris", 48.85, 2.35), ("Delhi", 28.61, 77.21)]

    init() throws {
        server = try OpenMeteoServer()
        try server.control("readings", """
            {"locations": [
              {"latitude": 52.52, "longitude": 13.41, "current": {"us_aqi": 42, "pm2_5": 6.1, "pm10": 9.8,
               "nitrogen_dioxide": 12.3, "sulphur_dioxide": 1.9, "ozone": 71.0, "carbon_monoxide": 180.0}},
              {"latitude": 48.85, "longitude": 2.35, "current": {"us_aqi": null, "pm2_5": null, "pm10": null,
               "nitrogen_dioxide": null, "sulphur_dioxide": null, "ozone": null, "carbon_monoxide": null}},
              {"latitude": 28.61, "longitude": 77.21, "current": {"us_aqi": 180, "pm2_5": 112.4, "pm10": 260.0,
               "nitrogen_dioxide": 40.0, "sulphur_dioxide": 8.0, "ozone": 30.0, "carbon_monoxide": 900.0}}]}
            """)
    }

    deinit { server.stop() }

    /// These readings set only `current` (the hours before come from the fixture's generator):
    /// the values they pin are Open-Meteo's, so the cities alert on `us_aqi`.
    static let openMeteoSource = "[Alert]\nAQISource=open-meteo\n"

    @Test func showsATableInOneBatchedPost() throws {
        let config = try server.configuration(cities: cities, extra: Self.openMeteoSource)
        let result = try Binaries.run(Binaries.breezectl, ["now", "--config", config])
        #expect(result.status == 0)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        // The alerting AQI (here Open-Meteo's, marked *) and Open-Meteo's own beside it (OM).
        // Berlin's MAIN is now estimated from the concentrations: the poll asks Open-Meteo's
        // sub-indices of PM2.5, PM10 and O₃ only, and its AQI of 42 is above all of them.
        #expect(lines[0] == "CITY     AQI   OM  BAND          MAIN   PM2.5  PM10  NO₂   SO₂  O₃    CO")
        #expect(lines[1] == "Berlin   42*   42  😊 Good       PM2.5  6.1    9.8   12.3  1.9  71.0  180")
        #expect(lines[2] == "Paris      —    —  no data")
        #expect(lines[3] == "Delhi   180*  180  😨 Unhealthy  PM2.5  112!   260!  40.0  8.0  30.0  900")
        // Open-Meteo's AQI: each pollutant is the hour's value, rated (no NowCast beside it).
        #expect(lines[4] == "In µg/m³ as rated (NowCast for PM, 8-hour for O₃ and CO, else the hour's);")
        #expect(lines[5] == "+ above EPA's Good limit, ! above its Moderate limit. MAIN: the dominant pollutant.")
        #expect(!result.standardOutput.contains("\u{1B}["))
        let posts = try server.requests(to: "/v1/air-quality")
        #expect(posts.count == 1)
        #expect(posts.first?["method"] as? String == "POST")
        let form = posts.first?["form"] as? [String: [String]] ?? [:]
        #expect(form["latitude"] == ["52.52,48.85,28.61"])
        let headers = posts.first?["headers"] as? [String: String] ?? [:]
        #expect(headers.first { $0.key.lowercased() == "user-agent" }?.value == "breezed/0.1.0")
    }

    @Test func printsJSONForOneCity() throws {
        let config = try server.configuration(cities: cities, extra: Self.openMeteoSource)
        let result = try Binaries.run(Binaries.breezectl, ["now", "--city", "delhi", "--json", "--config", config])
        #expect(result.status == 0)
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]])
        #expect(objects.count == 1)
        #expect(objects[0]["city"] as? String == "Delhi")
        #expect(objects[0]["aqi"] as? Int == 180)
        #expect(objects[0]["band"] as? String == "unhealthy")
        #expect(objects[0]["dominantPollutant"] as? String == "pm2_5")
        let pollutants = objects[0]["pollutants"] as? [String: [String: Any]] ?? [:]
        #expect(pollutants["pm10"]?["value"] as? Double == 260.0)
        #expect(pollutants["pm10"]?["status"] as? String == "unhealthy")
        #expect(pollutants["pm10"]?["category"] as? String == "Unhealthy")
        #expect(pollutants["pm10"]?["unit"] as? String == "µg/m³")
    }

    @Test func noDataIsNullInJSON() throws {
        let config = try server.configuration(cities: cities, extra: Self.openMeteoSource)
        let result = try Binaries.run(Binaries.breezectl, ["now", "--city", "Paris", "--json", "--config", config])
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]])
        #expect(objects[0]["aqi"] is NSNull)
        #expect((objects[0]["pollutants"] as? [String: [String: Any]])?["pm2_5"]?["value"] is NSNull)
    }

    @Test func anUnknownCityExitsSixtyFour() throws {
        let config = try server.configuration(cities: cities, extra: Self.openMeteoSource)
        let result = try Binaries.run(Binaries.breezectl, ["now", "--city", "Rome", "--config", config])
        #expect(result.status == 64)
        #expect(result.standardError == "breezectl now: unknown city 'Rome'; configured: Berlin, Paris, Delhi\n")
    }

    @Test func unreachableExitsSixtyNine() throws {
        let config = try server.configuration(cities: cities, extra: Self.openMeteoSource)
        server.stop()
        let result = try Binaries.run(Binaries.breezectl, ["now", "--config", config])
        #expect(result.status == 69)
        #expect(result.standardError.contains("cannot fetch readings from Open-Meteo at http://127.0.0.1:\(server.port)"))
        #expect(result.standardOutput.isEmpty)
    }

    @Test func aServerErrorIsRetriedThenTheTableShows() throws {
        try server.control("faults", #"{"faults": [{"path": "/v1/air-quality", "kind": "status", "status": 503, "count": 1}]}"#)
        let config = try server.configuration(cities: cities, extra: Self.openMeteoSource)
        let result = try Binaries.run(Binaries.breezectl, ["now", "--config", config])
        #expect(result.status == 0)
        #expect(try server.requests(to: "/v1/air-quality").count == 2)
    }

    @Test func theKeyGoesToTheServerButNeverToTheTerminal() throws {
        let key = "integration-secret-4242"
        try server.control("faults", #"{"faults": [{"path": "/v1/air-quality", "kind": "status", "status": 401, "reason": "Key integration-secret-4242 is not valid", "count": 1}]}"#)
        let config = try server.configuration(cities: cities, extra: "ApiKey=\(key)\n" + Self.openMeteoSource)
        let result = try Binaries.run(Binaries.breezectl, ["now", "--config", config])
        #expect(result.status == 78)
        #expect(!result.standardError.contains(key) && !result.standardOutput.contains(key))
        let form = try server.requests(to: "/v1/air-quality").first?["form"] as? [String: [String]]
        #expect(form?["apikey"] == [key])
    }
}
