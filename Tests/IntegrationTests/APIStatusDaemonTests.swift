import BreezeTestSupport
import BreezeVocabulary
import Foundation
import Testing

/// The real breezed with `[Web] Listen=`: `/api/v1/status` is the document `breezectl status
/// --json` prints (asked over the control socket by nobody), all but `source` (where it came
/// from: `web` there, `daemon` here); `/api/v1/cities/<slug>` has each city's members.
@Suite(.enabled(if: getuid() == 0, "setpriv --reuid needs root"))
struct APIStatusDaemonTests {
    static let cities: [(String, Double, Double)] = [("東京", 35.6762, 139.6503), ("Paris", 48.8566, 2.3522)]

    static func get(_ url: String) throws -> (status: String, contentType: String, body: Data) {
        let result = try Processes.run(
            URL(fileURLWithPath: "/usr/bin/curl"),
            ["-s", "--max-time", "5", "-w", "\n%{http_code} %{content_type}", url])
        let text = result.standardOutput
        let split = try #require(text.range(of: "\n", options: .backwards))
        let trailer = text[split.upperBound...].split(separator: " ", maxSplits: 1).map(String.init)
        return (trailer.first ?? "", trailer.count > 1 ? trailer[1] : "", Data(text[..<split.lowerBound].utf8))
    }

    static func object(_ data: Data) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func theAPIStatusIsBreezectlStatusJSONButForItsSource() throws {
        let server = try OpenMeteoServer()
        defer { server.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-api-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        chmod(folder, 0o755)
        let port = try WebListenerDaemonTests.freePort()
        let path = try server.configuration(
            cities: Self.cities,
            extra: "PollInterval=15min\nJitter=0\nStateDirectory=\(folder)/state\nControlSocket=\(folder)/control\n"
                + "[Web]\nListen=127.0.0.1:\(port)\n")
        let daemon = try DaemonProcess(arguments: ["--config", path, "--log", "stderr"], environment: [:])
        try #require(daemon.waitForLog("web: listening on 127.0.0.1:\(port)"), "\(daemon.log)")
        try #require(daemon.waitForLog("Paris: AQI"), "\(daemon.log)")
        chmod(folder + "/state", 0o700)

        // The snapshot is published at the cycle's end: wait until it has the cycle.
        var api = eventuallyFound(every: 0.05) { () -> [String: Any]? in
            let page = try Self.get("http://127.0.0.1:\(port)/api/v1/status")
            guard page.status == "200" else { return nil }
            #expect(page.contentType == "application/json")
            let api = try Self.object(page.body)
            return api["lastCycleCompletedAt"] is String ? api : nil
        } ?? [:]
        try #require(api["lastCycleCompletedAt"] is String, "\(api)")

        let status = try Binaries.runAsNobody(Binaries.breezectl, ["status", "--config", path, "--json"])
        #expect(status.status == 0, "\(status.standardError)")
        var printed = try Self.object(Data(status.standardOutput.utf8))
        #expect((printed["source"] as? [String: Any])?["kind"] as? String == "daemon")
        let source = try #require(api["source"] as? [String: Any])
        #expect(source["kind"] as? String == "web")
        #expect(source["cycleRunning"] as? Bool == false)
        #expect(source["nextPollAt"] is String)
        printed["source"] = nil
        api["source"] = nil
        #expect(NSDictionary(dictionary: api) == NSDictionary(dictionary: printed), "api \(api)\nbreezectl \(printed)")
        let cities = try #require(api["cities"] as? [[String: Any]])
        #expect(cities.map { $0["city"] as? String } == Self.cities.map(\.0))
        #expect(cities.allSatisfy { $0["aqi"] is Int })

        // Each city's document: its status members, its slug, and the extras.
        for city in cities {
            let name = try #require(city["city"] as? String)
            let page = try Self.get("http://127.0.0.1:\(port)/api/v1/cities/\(Slug.of(name))")
            #expect(page.status == "200")
            var document = try Self.object(page.body)
            #expect(document["slug"] as? String == Slug.of(name))
            #expect(document["history"] is [Any] && document["forecast"] is [Any])
            for extra in ["slug", "history", "forecast", "pollen", "uvIndex", "climate", "temperatureUnit"] {
                document[extra] = nil
            }
            #expect(NSDictionary(dictionary: document) == NSDictionary(dictionary: city))
        }
        let unknown = try Self.get("http://127.0.0.1:\(port)/api/v1/cities/nowhere-0000000000000000")
        #expect(unknown.status == "404")
        #expect(unknown.contentType == "application/json")
        #expect(try Self.object(unknown.body)["error"] is String)

        daemon.signal(SIGTERM)
        #expect(daemon.waitForExit() == 0)
    }
}
