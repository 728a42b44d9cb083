import BreezeTestSupport
import Foundation
import Testing

/// The real `breezed` with Open-Meteo down at start (every connection reset), then up: the
/// next poll comes about 30 s after the failed cycle, not a whole `PollInterval` later.
struct DaemonRetryTests {
    @Test func aFailedFirstCycleIsRetriedSoonAfterTheServiceComesBack() throws {
        let server = try OpenMeteoServer()
        defer { server.stop() }
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-state-\(UUID().uuidString)").path
        let path = try server.configuration(
            cities: [("Paris", 48.8566, 2.3522)], extra: "PollInterval=1h\nJitter=0\nStateDirectory=\(state)\n")
        try server.control("faults", #"{"faults":[{"path":"/v1/air-quality","kind":"reset","count":-1}]}"#)
        let daemon = try DaemonProcess(arguments: ["--config", path, "--log", "stderr"], environment: [:])
        defer {
            daemon.signal(SIGTERM)
            _ = daemon.waitForExit()
        }
        #expect(daemon.waitForLog("BREEZE_EVENT=fetch-failed", seconds: 60))
        let failedAt = try #require(try server.requests(to: "/v1/air-quality").last?["time"] as? Double)
        // Open-Meteo is back.
        try server.control("reset", "{}")
        #expect(daemon.waitForLog("Paris: AQI", seconds: 60))
        let requests = try server.requests(to: "/v1/air-quality")
        let retriedAt = try #require(requests.first?["time"] as? Double)
        #expect(requests.count == 1)
        // The retry waited its 30 s after the failed cycle (not a busy loop), and came long
        // before the hour.
        #expect(retriedAt - failedAt >= 29)
        #expect(retriedAt - failedAt < 90)
    }
}
