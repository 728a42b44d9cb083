import Foundation
import Testing

/// `breezectl status` says when the last cycle ended, not when it began.
struct StatusTimesTests {
    @Test func completedIsWhenTheCycleEnded() throws {
        let server = try OpenMeteoServer()
        defer { server.stop() }
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-times-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: state) }
        let path = try server.configuration(cities: [("Paris", 48.85, 2.35)], extra: "StateDirectory=\(state)\n")
        // Open-Meteo takes two seconds to answer: the cycle ends at least two seconds after it began.
        try server.control("faults", #"{"faults": [{"path": "/v1/air-quality", "kind": "delay", "seconds": 2}]}"#)
        let once = try Binaries.run(Binaries.breezed, ["--once", "--log", "stderr", "--config", path])
        #expect(once.status == 0, "\(once.standardError)")

        let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: state + "/state.json"))) as! [String: Any]
        let started = try #require(saved["lastCycleStartedAt"] as? Double)
        let completed = try #require(saved["lastCycleCompletedAt"] as? Double)
        #expect(completed - started >= 2)
        let cities = saved["cities"] as! [String: [String: Any]]
        #expect(cities["Paris"]?["lastPollAt"] as? Double == started)

        let status = try Binaries.run(Binaries.breezectl, ["status", "--config", path])
        #expect(status.status == 0)
        #expect(status.standardOutput.range(of: #"^Last poll cycle completed .* \(\d+s ago; it took [2-9]s\)"#, options: .regularExpression) != nil)
        let json = try Binaries.run(Binaries.breezectl, ["status", "--json", "--config", path])
        let document = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as! [String: Any]
        #expect(document["lastCycleStartedAt"] as? String != document["lastCycleCompletedAt"] as? String)
    }
}
