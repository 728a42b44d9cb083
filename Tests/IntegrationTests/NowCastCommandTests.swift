import BreezeTestSupport
import Foundation
import Testing

/// `breezectl now` and `status` show the alerting AQI, its source and Open-Meteo's beside it:
/// the same values the daemon logged for the same hour of the fixture's smoke onset.
struct NowCastCommandTests {
    @Test func nowAndStatusShowTheDaemonsAlertingAQI() throws {
        let timeline = try OnceTimeline(scenario: "smoke-onset.json", cities: [("Smoke", 48.8566, 2.3522, "nowcast")])
        defer { timeline.stop() }
        let lines = try timeline.poll(at: "2026-08-20T13:00")
        let reading = try #require(lines.first { $0.isEvent("reading", city: "Smoke") })
        let logged = try #require(reading.field("BREEZE_AQI").flatMap { Int($0) })
        let openMeteo = try #require(reading.field("BREEZE_OPEN_METEO_AQI").flatMap { Int($0) })
        #expect(logged != openMeteo)  // two hours into the smoke they differ

        let now = try Binaries.run(Binaries.breezectl, ["now", "--json", "--config", timeline.configuration])
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(now.standardOutput.utf8)) as? [[String: Any]])
        #expect(rows.first?["aqi"] as? Int == logged)
        #expect(rows.first?["aqiSource"] as? String == "nowcast")
        #expect(rows.first?["openMeteoAQI"] as? Int == openMeteo)
        let table = try Binaries.run(Binaries.breezectl, ["now", "--config", timeline.configuration])
        #expect(table.standardOutput.split(separator: "\n").contains { $0.hasPrefix("Smoke  \(logged)  \(openMeteo)  ") })

        let status = try Binaries.run(Binaries.breezectl, ["status", "--json", "--config", timeline.configuration])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(status.standardOutput.utf8)) as? [String: Any])
        let city = try #require((document["cities"] as? [[String: Any]])?.first)
        #expect(city["aqi"] as? Int == logged)
        #expect(city["aqiSource"] as? String == "nowcast")
        #expect(city["openMeteoAQI"] as? Int == openMeteo)
        let text = try Binaries.run(Binaries.breezectl, ["status", "--config", timeline.configuration])
        #expect(text.standardOutput.contains("Smoke  \(logged)  nowcast  "))
    }
}
