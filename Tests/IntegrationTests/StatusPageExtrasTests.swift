import BreezeTestSupport
import Foundation
import Testing

/// The real `breezed` with `StatusPageExtras=yes` against the fixture server: the climate trend
/// fetched once per city per day and cached across a restart, pollen in and out of the model's
/// domain, hostile values, and failing extras that never hold the poll.
struct StatusPageExtrasTests {
    static let paris = ("Paris", 48.8566, 2.3522)
    static let sydney = ("Sydney", -33.8688, 151.2093)
    static let pollenQuery = "uv_index"

    func configuration(_ server: OpenMeteoServer, state: String, timeout: String = "5s") throws -> String {
        try server.configuration(
            cities: [Self.paris, Self.sydney],
            extra: "PollInterval=15min\nJitter=0\nTimeout=\(timeout)\nStateDirectory=\(state)\nControlSocket=\(state).control\nStatusPageExtras=yes\n"
                // No page port: the extras are worked out all the same, and parallel tests bind none.
                + "[Web]\nListen=\n")
    }

    func newState() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("breeze-extras-\(UUID().uuidString)").path
    }

    func start(_ path: String) throws -> DaemonProcess {
        try DaemonProcess(arguments: ["--config", path, "--log", "stderr"], environment: [:])
    }

    func count(_ text: String, in log: String) -> Int { log.components(separatedBy: text).count - 1 }

    func pollRequests(_ server: OpenMeteoServer) throws -> [[String: Any]] {
        try server.requests(to: "/v1/air-quality").filter { !Self.isPollen($0) }
    }

    static func isPollen(_ request: [String: Any]) -> Bool {
        let form = request["form"] as? [String: [String]] ?? [:]
        return form["current"]?.first?.contains(pollenQuery) == true
    }

    @Test func theArchiveIsAskedOncePerCityPerDayAndTheCacheSurvivesARestart() throws {
        let server = try OpenMeteoServer()
        defer { server.stop() }
        let state = newState()
        let path = try configuration(server, state: state)
        var daemon = try start(path)
        #expect(daemon.waitForLog("Paris: climate trend for "))
        #expect(daemon.waitForLog("Sydney: climate trend for "))
        #expect(daemon.waitForLog("status page extras: pollen and UV for 2 cities, climate trend for 2"))
        // Two more cycles: neither asks the archive again.
        daemon.signal(SIGUSR1)
        #expect(daemon.waitForLog("Paris: AQI") && eventually { count("Paris: AQI", in: daemon.log) == 2 })
        daemon.signal(SIGUSR1)
        #expect(eventually { count("Paris: AQI", in: daemon.log) == 3 })
        #expect(try server.requests(to: "/v1/archive").count == 2)
        #expect(FileManager.default.fileExists(atPath: state + "/climate.json"))
        daemon.signal(SIGTERM)
        #expect(daemon.waitForExit() == 0)

        // A restart the same day reads climate.json: pollen is asked again, the archive not.
        daemon = try start(path)
        #expect(daemon.waitForLog("status page extras: pollen and UV for 2 cities, climate trend for 0"))
        #expect(try server.requests(to: "/v1/archive").count == 2)
        #expect(count("climate trend for 20", in: daemon.log) == 0)
        daemon.signal(SIGTERM)
        #expect(daemon.waitForExit() == 0)

        // A corrupt cache is said to be one, and fetched again.
        try "{\"version\":1,\"cities\":[{\"name\":".write(toFile: state + "/climate.json", atomically: true, encoding: .utf8)
        daemon = try start(path)
        #expect(daemon.waitForLog("is not a climate cache"))
        #expect(daemon.waitForLog("status page extras: pollen and UV for 2 cities, climate trend for 2"))
        #expect(try server.requests(to: "/v1/archive").count == 4)
        daemon.signal(SIGTERM)
        #expect(daemon.waitForExit() == 0)
    }

    /// Paris is in the pollen model's domain (the fixture's Europe), Sydney is not: its pollen is
    /// all null, "no pollen data here", never none; both get a UV index.
    @Test func pollenInAndOutOfTheModelsDomain() throws {
        let server = try OpenMeteoServer()
        defer { server.stop() }
        let daemon = try start(try configuration(server, state: newState()))
        #expect(daemon.waitForLog("status page extras: pollen and UV for 2 cities"))
        let log = daemon.log
        #expect(log.contains("Paris: pollen alder "))
        #expect(log.contains("Sydney: no pollen data here; UV index "))
        #expect(!log.contains("Sydney: pollen"))
        // One request for both cities, apart from the poll's, asking the seven variables.
        let pollen = try server.requests(to: "/v1/air-quality").filter(Self.isPollen)
        #expect(pollen.count == 1)
        let form = pollen.first?["form"] as? [String: [String]]
        #expect(form?["current"] == ["alder_pollen,birch_pollen,grass_pollen,mugwort_pollen,olive_pollen,ragweed_pollen,uv_index"])
        #expect(form?["latitude"] == ["48.8566,-33.8688"])
        daemon.signal(SIGTERM)
        #expect(daemon.waitForExit() == 0)
    }

    @Test func hostilePollenValuesAreDroppedAndNamedTheReadingGoesOn() throws {
        let server = try OpenMeteoServer()
        defer { server.stop() }
        try server.control(
            "readings",
            #"{"locations":[{"latitude":48.8566,"longitude":2.3522,"current":{"birch_pollen":-5,"grass_pollen":1e300,"olive_pollen":12,"uv_index":1e300}}]}"#)
        let daemon = try start(try configuration(server, state: newState()))
        #expect(daemon.waitForLog("status page extras: pollen and UV for 2 cities"))
        let log = daemon.log
        #expect(log.contains("birch_pollen -5 is negative"))
        #expect(log.contains("grass_pollen 1e+300 is beyond any pollen count"))
        #expect(log.contains("uv_index 1e+300 is beyond any UV index"))
        #expect(log.contains("Paris: pollen "))
        #expect(log.contains("olive 12"))
        #expect(log.contains("Paris: AQI"))
        daemon.signal(SIGTERM)
        #expect(daemon.waitForExit() == 0)
    }

    /// The pollen request and the archive hang past Timeout=: the next poll is sent while they
    /// still hang (its time in the fixture's log before their answers could have come), and
    /// their failures are logged.
    @Test func failingExtrasNeverHoldThePoll() throws {
        let server = try OpenMeteoServer()
        defer { server.stop() }
        try server.control(
            "faults",
            #"{"faults":[{"path":"/v1/air-quality","param":"current","contains":"uv_index","kind":"delay","seconds":4,"count":-1},{"path":"/v1/archive","kind":"delay","seconds":4,"count":-1}]}"#)
        let daemon = try start(try configuration(server, state: newState(), timeout: "2s"))
        // The first cycle's reading, then (on the extras' queue) the pollen request, held.
        #expect(daemon.waitForLog("Paris: AQI"))
        #expect(eventually { (try? server.requests(to: "/v1/air-quality").filter(Self.isPollen).count) == 1 })
        daemon.signal(SIGUSR1)
        #expect(eventually { count("Paris: AQI", in: daemon.log) == 2 })
        let polls = try pollRequests(server)
        let pollenSent = try #require(try server.requests(to: "/v1/air-quality").first(where: Self.isPollen)?["time"] as? Double)
        #expect(polls.count == 2)
        let secondPoll = try #require(polls.last?["time"] as? Double)
        // The pollen request's answer was 4 s away and its client gave up after 2 s: the second
        // poll went out inside that time, not after it.
        #expect(secondPoll > pollenSent && secondPoll < pollenSent + 2)
        #expect(daemon.waitForLog("status page extras: pollen and UV: ", seconds: 30))
        #expect(daemon.waitForLog("status page extras: climate trend: ", seconds: 30))
        // Nothing came: no pollen or climate line, the state's readings went on.
        #expect(!daemon.log.contains("climate trend for 20"))
        daemon.signal(SIGTERM)
        #expect(daemon.waitForExit() == 0)
    }

    /// An archive that answers 404: the journal and `breezectl status` say what happened, with
    /// the URL asked and when the next try is.
    @Test func aFailedExtraIsListedByStatus() throws {
        let server = try OpenMeteoServer()
        defer { server.stop() }
        try server.control("faults", #"{"faults":[{"path":"/v1/archive","kind":"status","status":404,"body":"Not Found","count":-1}]}"#)
        let path = try configuration(server, state: newState())
        let daemon = try start(path)
        #expect(daemon.waitForLog("status page extras: climate trend: Open-Meteo answered 404 (not found) for http://127.0.0.1:", seconds: 30))
        // The status is asked once the run has handed its outcome back.
        #expect(daemon.waitForLog("status page extras: pollen and UV for 2 cities, climate trend for 0, 2 failed", seconds: 30))
        let status = try Binaries.run(Binaries.breezectl, ["status", "--config", path])
        #expect(status.standardOutput.contains("Status page extras that failed:"))
        #expect(status.standardOutput.contains("climate trend  Fetching from the archive (ArchiveURL=) failed: "))
        #expect(status.standardOutput.contains("/v1/archive/v1/archive") == false)
        #expect(status.standardOutput.contains("/v1/archive: check ArchiveURL= (a base URL, without the /v1/ path) (tried "))
        #expect(status.standardOutput.contains("; next try after "))
        let json = try Binaries.run(Binaries.breezectl, ["status", "--config", path, "--json"])
        #expect(json.standardOutput.contains("\"extrasFailures\""))
        #expect(json.standardOutput.contains("\"extra\": \"climate\""))
        daemon.signal(SIGTERM)
        #expect(daemon.waitForExit() == 0)
    }
}
