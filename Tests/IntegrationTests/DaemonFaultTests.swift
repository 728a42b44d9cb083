import BreezeTestSupport
import Foundation
import Testing

/// Faults of the API never stop the running daemon nor touch a city's alert.
struct DaemonFaultTests {
    static let firingReading =
        #"{"locations":[{"latitude":48.8566,"longitude":2.3522,"current":{"us_aqi":170,"pm2_5":93,"us_aqi_pm2_5":170}}]}"#

    func occurrences(_ text: String, in log: String) -> Int {
        log.components(separatedBy: text).count - 1
    }

    @Test func everyFaultKindLeavesTheDaemonRunningAndTheAlertFiring() throws {
        let server = try OpenMeteoServer()
        defer { server.stop() }
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-state-\(UUID().uuidString)").path
        let path = try server.configuration(
            cities: [("Paris", 48.8566, 2.3522)],
            // The reading sets only `current`: the AQI pinned (170) is Open-Meteo's.
            extra: "Timeout=1s\nStateDirectory=\(state)\n[Alert]\nConfirmAfter=1\nAQISource=open-meteo\n")
        try server.control("readings", Self.firingReading)
        let daemon = try DaemonProcess(arguments: ["--config", path, "--log", "stderr"], environment: [:])
        #expect(daemon.waitForLog("BREEZE_EVENT=firing"))

        let faults = [
            #"{"kind":"status","status":500}"#, #"{"kind":"status","status":400,"reason":"Bad things"}"#,
            #"{"kind":"invalid_json"}"#, #"{"kind":"truncated"}"#, #"{"kind":"reset"}"#,
            #"{"kind":"stream_error"}"#, #"{"kind":"status","status":429,"retry_after":30}"#,
        ]
        for (index, fault) in faults.enumerated() {
            try server.control("reset", "{}")
            try server.control("readings", Self.firingReading)
            try server.control("faults", #"{"faults":[\#(fault.dropLast()),"path":"/v1/air-quality","count":-1}]}"#)
            daemon.signal(SIGUSR1)
            let failures = index + 1
            let seen = eventually { occurrences("fetching air quality failed", in: daemon.log) >= failures }
            #expect(seen, "no fetch-failed record for \(fault)")
            #expect(daemon.process.isRunning, "breezed stopped after \(fault)")
        }
        // Back to normal: the alert is still firing, and no second firing was sent.
        try server.control("reset", "{}")
        try server.control("readings", Self.firingReading)
        let readingsBefore = occurrences("Paris: AQI 170", in: daemon.log)
        daemon.signal(SIGUSR1)
        #expect(eventually { occurrences("Paris: AQI 170", in: daemon.log) > readingsBefore })
        #expect(occurrences("BREEZE_EVENT=firing", in: daemon.log) == 1)
        #expect(occurrences("BREEZE_EVENT=resolved", in: daemon.log) == 0)
        daemon.signal(SIGTERM)
        #expect(daemon.waitForExit() == 0)
        let status = try Binaries.run(Binaries.breezectl, ["status", "--config", path, "--json"])
        #expect(status.standardOutput.contains(#""alert": "firing""#))
    }
}
