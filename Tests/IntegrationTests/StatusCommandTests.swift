import Foundation
import Testing

/// `breezectl status` reads what `breezed` saved.
struct StatusCommandTests {
    @Test func statusFollowsTheDaemonsState() throws {
        let server = try OpenMeteoServer()
        defer { server.stop() }
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-state-\(UUID().uuidString)").path
        let path = try server.configuration(
            cities: [("Paris", 48.8566, 2.3522), ("Tokyo", 35.6762, 139.6503)],
            // The reading sets only `current`: the value pinned is Open-Meteo's `us_aqi`.
            extra: "StateDirectory=\(state)\n[Alert]\nAQISource=open-meteo\n")

        let before = try Binaries.run(Binaries.breezectl, ["status", "--config", path])
        #expect(before.status == 3)
        #expect(before.standardOutput.hasPrefix("No poll cycle has completed yet"))
        #expect(before.standardOutput.contains("Paris    —                      not polled yet"))

        try server.control(
            "readings", #"{"locations":[{"latitude":48.8566,"longitude":2.3522,"current":{"us_aqi":170,"pm2_5":93}}]}"#)
        _ = try Binaries.run(Binaries.breezed, ["--config", path, "--once"])
        _ = try Binaries.run(Binaries.breezed, ["--config", path, "--once"])
        let after = try Binaries.run(Binaries.breezectl, ["status", "--config", path, "--json"])
        #expect(after.status == 0)
        let document = try JSONSerialization.jsonObject(with: Data(after.standardOutput.utf8)) as! [String: Any]
        #expect(document["stale"] as? Bool == false)
        #expect(document["pollIntervalSeconds"] as? Double == 900)
        let cities = document["cities"] as! [[String: Any]]
        #expect(cities.map { $0["city"] as? String } == ["Paris", "Tokyo"])
        #expect(cities[0]["aqi"] as? Int == 170)
        #expect(cities[0]["band"] as? String == "unhealthy")
        #expect(cities[0]["alert"] as? String == "firing")
        #expect(cities[1]["alert"] as? String == "ok")

        // Columns line up on a terminal: the band's emoji takes two columns, so the time after
        // it starts one character earlier than the header's SINCE.
        let text = try Binaries.run(Binaries.breezectl, ["status", "--config", path])
        let lines = text.standardOutput.split(separator: "\n").map(String.init)
        let header = try #require(lines.first { $0.hasPrefix("CITY") })
        let paris = try #require(lines.first { $0.hasPrefix("Paris") })
        #expect(paris.contains("  😨 Unhealthy  "))
        let sinceColumn = header.distance(from: header.startIndex, to: header.range(of: "SINCE")!.lowerBound)
        // SINCE is "14:00 UTC" (or "Yesterday 23:00 UTC"): it starts where the band's spaces end.
        let band = try #require(paris.range(of: "😨 Unhealthy"))
        let parisTime = try #require(paris[band.upperBound...].firstIndex { $0 != " " })
        #expect(paris.distance(from: paris.startIndex, to: parisTime) + 1 == sinceColumn)

        // A state whose last cycle is older than three intervals means the daemon is not polling.
        let file = URL(fileURLWithPath: state + "/state.json")
        var saved = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as! [String: Any]
        saved["lastCycleCompletedAt"] = Date().timeIntervalSince1970 - 3 * 900 - 60
        try JSONSerialization.data(withJSONObject: saved).write(to: file)
        let stale = try Binaries.run(Binaries.breezectl, ["status", "--config", path])
        #expect(stale.status == 3)
        #expect(stale.standardOutput.contains("more than three intervals"))
        #expect(stale.standardOutput.contains("firing"))
    }
}
