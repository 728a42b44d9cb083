import BreezeTestSupport
import Foundation
import Testing

/// The running daemon reads the kept forecasts and hours after READY=1, on its first cycle's
/// queue, and still polls as they allow: a daemon started on the state `breezed --once` left
/// asks only for the recent hours and no forecast.
struct KeptFilesStartTests {
    @Test func theFirstCycleOfARestartedDaemonUsesTheKeptFiles() throws {
        let server = try OpenMeteoServer()
        defer { server.stop() }
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-kept-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: state) }
        let path = try server.configuration(
            cities: [("Paris", 48.8566, 2.3522), ("東京", 35.6895, 139.6917)],
            extra: "PollInterval=1h\nJitter=0\nStateDirectory=\(state)\nControlSocket=\(state)/control\n")
        let once = try Binaries.run(Binaries.breezed, ["--config", path, "--once", "--log", "stderr"])
        #expect(once.status == 0, "\(once.standardError)")
        #expect(FileManager.default.fileExists(atPath: state + "/hours.bin"))
        #expect(FileManager.default.fileExists(atPath: state + "/forecast.json"))
        let asked = { () throws -> [[String]] in
            try server.requests(to: "/v1/air-quality").compactMap { request in
                let form = request["form"] as? [String: [String]] ?? [:]
                guard let past = form["past_hours"]?.first, let ahead = form["forecast_hours"]?.first else { return nil }
                return [past, ahead]
            }
        }
        #expect(try asked() == [["72", "120"]])

        let daemon = try DaemonProcess(arguments: ["--config", path, "--log", "stderr"], environment: [:])
        #expect(daemon.waitForLog("東京: AQI"), "\(daemon.log)")
        #expect(try asked() == [["72", "120"], ["3", "1"]], "\(daemon.log)")
        #expect(!daemon.log.contains("could not be read"))
        daemon.signal(SIGTERM)
        #expect(daemon.waitForExit() == 0)
    }
}
