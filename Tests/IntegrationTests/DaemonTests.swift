import BreezeTestSupport
import Foundation
import Testing

/// The real `breezed` against the fixture server: one-shot cycles, persistence, the
/// notify protocol, signals and reloads.
struct DaemonTests {
    static let paris = ("Paris", 48.8566, 2.3522)
    static let tokyo = ("Tokyo", 35.6762, 139.6503)

    /// A configuration for `server` with its own state folder.
    func configuration(
        _ server: OpenMeteoServer, cities: [(String, Double, Double)], interval: String = "15min", breeze: String = ""
    ) throws -> (path: String, state: String) {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-state-\(UUID().uuidString)").path
        let path = try server.configuration(
            // The readings set only `current`: the values pinned are Open-Meteo's `us_aqi`.
            cities: cities, extra: "PollInterval=\(interval)\nJitter=0\nStateDirectory=\(state)\n\(breeze)[Alert]\nAQISource=open-meteo\n")
        return (path, state)
    }

    func setAQI(_ server: OpenMeteoServer, _ aqi: Int, pm2_5: Double) throws {
        try server.control(
            "readings",
            #"{"locations":[{"latitude":48.8566,"longitude":2.3522,"current":{"us_aqi":\#(aqi),"pm2_5":\#(pm2_5),"us_aqi_pm2_5":\#(aqi)}}]}"#)
    }

    func stateDocument(_ folder: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/state.json"))
        return try JSONSerialization.jsonObject(with: data) as! [String: Any]
    }

    @Test func onceFiresAfterConfirmationAndNeverTwice() throws {
        let server = try OpenMeteoServer()
        defer { server.stop() }
        let (path, state) = try configuration(server, cities: [Self.paris])
        try setAQI(server, 170, pm2_5: 93)
        let first = try Binaries.run(Binaries.breezed, ["--config", path, "--once", "--log", "stderr"])
        #expect(first.status == 0)
        #expect(first.standardOutput == "1 city: 1 with data, 0 failed, 0 alerting, 0 alert events\n")
        #expect(first.standardError.contains("Paris: AQI 170, Unhealthy (BREEZE_CITY=Paris"))
        let second = try Binaries.run(Binaries.breezed, ["--config", path, "--once"])
        #expect(second.standardOutput.contains("1 alerting, 1 alert event\n"))
        #expect(second.standardError.contains("Air quality in Paris: AQI 170, Unhealthy 😨"))
        #expect(second.standardError.contains("BREEZE_EVENT=firing"))
        // A restart with the state on disk sends nothing again.
        let third = try Binaries.run(Binaries.breezed, ["--config", path, "--once"])
        #expect(third.standardOutput.contains("1 alerting, 0 alert events"))
        let document = try stateDocument(state)
        let cities = document["cities"] as? [String: Any]
        let parisRecord = cities?["Paris"] as? [String: Any]
        #expect(parisRecord?["band"] as? String == "unhealthy")
        #expect((parisRecord?["alert"] as? [String: Any])?["firing"] as? Bool == true)
    }

    @Test func apiFailuresExit69AndLeaveTheAlertStateAlone() throws {
        let server = try OpenMeteoServer()
        defer { server.stop() }
        let (path, state) = try configuration(server, cities: [Self.paris, Self.tokyo])
        try setAQI(server, 170, pm2_5: 93)
        _ = try Binaries.run(Binaries.breezed, ["--config", path, "--once"])
        _ = try Binaries.run(Binaries.breezed, ["--config", path, "--once"])
        let before = try stateDocument(state)
        try server.control("faults", #"{"faults":[{"path":"/v1/air-quality","kind":"status","status":400,"reason":"Cannot initialize WeatherVariable from invalid String value","count":-1}]}"#)
        let failed = try Binaries.run(Binaries.breezed, ["--config", path, "--once"])
        #expect(failed.status == 69)
        #expect(failed.standardOutput == "2 cities: 0 with data, 2 failed, 1 alerting, 0 alert events\n")
        #expect(failed.standardError.contains("BREEZE_EVENT=fetch-failed"))
        #expect(failed.standardError.contains("Cannot initialize WeatherVariable"))
        let after = try stateDocument(state)
        let firing = { (document: [String: Any]) in
            (((document["cities"] as? [String: Any])?["Paris"] as? [String: Any])?["alert"] as? [String: Any])?["firing"] as? Bool
        }
        #expect(firing(before) == true)
        #expect(firing(after) == true)
    }

    @Test func aBadConfigurationExits78() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-bad-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("breezed.conf").path
        try "[City \"Paris\"]\nLatitude=95\nLongitude=2.35\n".write(toFile: path, atomically: true, encoding: .utf8)
        let result = try Binaries.run(Binaries.breezed, ["--config", path])
        #expect(result.status == 78)
        #expect(result.standardError.contains("\(path):2:"))
    }

    @Test func lifecycleUnderANotifySocket() throws {
        let server = try OpenMeteoServer()
        defer { server.stop() }
        // It counts the poll's requests to /v1/air-quality: no pollen-and-UV request beside them.
        let (path, state) = try configuration(server, cities: [Self.paris], breeze: "StatusPageExtras=no\n")
        // Good at any hour: the counts of "Paris: AQI" below count readings, never a firing line.
        try setAQI(server, 40, pm2_5: 9.5)
        // Read all along, as systemd reads: a full queue would block breezed's sd_notify.
        let listener = try NotifyListener()
        let daemon = try DaemonProcess(
            arguments: ["--config", path, "--log", "stderr"],
            environment: ["NOTIFY_SOCKET": listener.path, "WATCHDOG_USEC": "2000000"])
        #expect(listener.waitFor { $0.hasPrefix("READY=1") } != nil)
        // The first poll happens at once, then the status names the next one.
        #expect(listener.waitFor { $0.hasPrefix("STATUS=1 city, 0 alerting, next poll ") } != nil)
        #expect(try server.requests(to: "/v1/air-quality").count == 1)
        #expect(listener.waitFor { $0 == "WATCHDOG=1" } != nil)

        // SIGUSR1 polls now: a second cycle, whose reading is logged a second time.
        #expect(daemon.waitForLog("Paris: AQI 40, Good"))
        #expect(occurrences(of: "Paris: AQI", in: daemon.log) == 1)
        daemon.signal(SIGUSR1)
        #expect(eventually { occurrences(of: "Paris: AQI 40, Good", in: daemon.log) == 2 })
        #expect(try server.requests(to: "/v1/air-quality").count == 2)

        // SIGHUP with a second city: reloaded.
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try (text + "\n[City \"Tokyo\"]\nLatitude=35.6762\nLongitude=139.6503\n").write(
            toFile: path, atomically: true, encoding: .utf8)
        daemon.signal(SIGHUP)
        #expect(daemon.waitForLog("configuration reloaded: 2 cities"))
        #expect(listener.waitFor { $0.hasPrefix("RELOADING=1\nMONOTONIC_USEC=") } != nil)

        // SIGHUP with a broken file: refused, still running on the old one.
        try (text + "\n[City \"Nowhere\"]\nLatitude=north\n").write(toFile: path, atomically: true, encoding: .utf8)
        daemon.signal(SIGHUP)
        #expect(daemon.waitForLog("configuration not reloaded, keeping the running one"))
        #expect(daemon.process.isRunning)
        daemon.signal(SIGUSR1)
        #expect(daemon.waitForLog("Tokyo: AQI"))

        // SIGTERM: STOPPING=1, exit 0, state on disk.
        daemon.signal(SIGTERM)
        #expect(daemon.waitForExit() == 0)
        #expect(listener.waitFor { $0 == "STOPPING=1" } != nil)
        #expect(daemon.log.contains("breezed stopping (SIGTERM)"))
        let document = try stateDocument(state)
        #expect((document["cities"] as? [String: Any])?.keys.sorted() == ["Paris", "Tokyo"])
    }

    /// systemd's notify socket full, its reader stuck: libsystemd's `sd_notify` blocks, and
    /// breezed polls, answers SIGUSR1 and reloads all the same; once the socket is read again
    /// READY=1, RELOADING=1 and READY=1 arrive, in order, and SIGTERM still sends STOPPING=1.
    @Test func aNotifySocketNobodyReadsStallsNoPolling() throws {
        let server = try OpenMeteoServer()
        defer { server.stop() }
        let (path, _) = try configuration(server, cities: [Self.paris], breeze: "StatusPageExtras=no\n")
        try setAQI(server, 40, pm2_5: 9.5)
        let listener = try NotifyListener(draining: false)
        let filled = try listener.fillQueue()
        #expect(filled > 0)
        let daemon = try DaemonProcess(
            arguments: ["--config", path, "--log", "stderr"],
            environment: ["NOTIFY_SOCKET": listener.path, "WATCHDOG_USEC": "2000000"])
        defer { if daemon.process.isRunning { daemon.signal(SIGKILL) } }

        // The first poll and one on SIGUSR1, with READY=1 still waiting for room.
        #expect(daemon.waitForLog("Paris: AQI 40, Good"))
        daemon.signal(SIGUSR1)
        #expect(eventually { occurrences(of: "Paris: AQI 40, Good", in: daemon.log) == 2 })
        // A reload, logged, and a poll of the city it added.
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try (text + "\n[City \"Tokyo\"]\nLatitude=35.6762\nLongitude=139.6503\n").write(
            toFile: path, atomically: true, encoding: .utf8)
        daemon.signal(SIGHUP)
        #expect(daemon.waitForLog("configuration reloaded: 2 cities"))
        daemon.signal(SIGUSR1)
        #expect(daemon.waitForLog("Tokyo: AQI"))
        #expect(occurrences(of: "Paris: AQI 40, Good", in: daemon.log) >= 3)
        #expect(listener.messages.isEmpty)

        // Read again: the fillers, then everything breezed told, none of its lifecycle lost.
        listener.startDraining()
        let lifecycle = { listener.messages.compactMap(\.firstLine).filter { $0 == "READY=1" || $0 == "RELOADING=1" } }
        #expect(eventually { lifecycle().count == 3 })
        #expect(lifecycle() == ["READY=1", "RELOADING=1", "READY=1"])
        #expect(listener.messages.prefix(filled).allSatisfy { $0 == "FILLER=1" })
        daemon.signal(SIGTERM)
        #expect(daemon.waitForExit() == 0)
        #expect(listener.waitFor { $0 == "STOPPING=1" } != nil)
    }
}

extension String {
    /// The text up to the first newline (a notify message's first assignment).
    fileprivate var firstLine: String? { split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) }
}

/// How often `text` occurs in `log`.
private func occurrences(of text: String, in log: String) -> Int {
    log.components(separatedBy: text).count - 1
}
