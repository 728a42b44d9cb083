import BreezeTestSupport
import Foundation
import Testing

/// Cities Open-Meteo answers with one model grid cell are asked for as one location once their
/// cells are known: the real `breezed --once` on the fixture (which answers each place with the
/// centre of its 0.1° cell, as Open-Meteo does), its request log and the state it leaves.
struct GridCellSharingTests {
    // Paris and the Bastille lie in the fixture's cell 48.9, 2.4; Lyon in another.
    static let paris = ("Paris", 48.8566, 2.3522)
    static let bastille = ("Bastille", 48.8532, 2.3692)
    static let lyon = ("Lyon", 45.764, 4.8357)

    func newState() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("breeze-cells-\(UUID().uuidString)").path
    }

    /// The latitudes a run asked for (its poll requests after the first `after`), in order:
    /// cities whose forecast is due go in a request of their own.
    func latitudes(_ server: OpenMeteoServer, after: Int) throws -> [String] {
        Array(try polledLatitudes(server).dropFirst(after).joined())
    }

    /// The latitudes of each poll request so far (pollen and UV requests left out).
    func polledLatitudes(_ server: OpenMeteoServer) throws -> [[String]] {
        try server.requests(to: "/v1/air-quality").compactMap { request in
            let form = request["form"] as? [String: [String]] ?? [:]
            guard form["hourly"]?.first?.contains("pm2_5") == true else { return nil }
            return form["latitude"]?.first?.split(separator: ",").map(String.init)
        }
    }

    func once(_ path: String) throws -> ProcessResult {
        let run = try Binaries.run(Binaries.breezed, ["--config", path, "--once", "--log", "stderr"])
        #expect(run.status == 0, "\(run.standardError)")
        return run
    }

    func records(_ state: String) throws -> [String: [String: Any]] {
        let data = try Data(contentsOf: URL(fileURLWithPath: state + "/state.json"))
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(document["cities"] as? [String: [String: Any]])
    }

    @Test func citiesInOneCellShareALocationOnceTheirCellsAreKnown() throws {
        let server = try OpenMeteoServer()
        defer { server.stop() }
        let state = newState()
        let path = try server.configuration(
            cities: [Self.paris, Self.bastille, Self.lyon], extra: "PollInterval=15min\nJitter=0\nStateDirectory=\(state)\n")
        _ = try once(path)
        #expect(try latitudes(server, after: 0).sorted() == ["45.764", "48.8532", "48.8566"], "the first poll knows no cell")
        let cells = try records(state).mapValues { $0["gridCell"] as? [String: Double] }
        #expect(cells["Paris"]??["latitude"] == 48.9 && cells["Bastille"]! == cells["Paris"]!)
        #expect(cells["Lyon"]??["latitude"] == 45.8)

        let before = try polledLatitudes(server).count
        _ = try once(path)
        #expect(try latitudes(server, after: before).sorted() == ["45.764", "48.8566"], "Paris's answer serves the Bastille")
        let after = try records(state)
        #expect(after["Bastille"]?["lastPollAt"] as? Double != nil)
        #expect(after["Bastille"]?["lastPollAt"] as? Double == after["Paris"]?["lastPollAt"] as? Double)
        let readings = ["Paris", "Bastille"].map { (after[$0]?["lastReading"] as? [String: Any])?["concentrations"] as? [String: Double] }
        #expect(readings[0] != nil && readings[0] == readings[1])
        #expect(after["Bastille"]?["lastError"] == nil)

        // An ordinary user's check-config reads the cells from the state.
        let check = try Binaries.runAsNobody(Binaries.breezectl, ["check-config", "--config", path])
        #expect(check.status == 0, "\(check.standardError)")
        #expect(check.standardOutput.contains(
            "grid cells: 3 cities in 2 locations a poll (2 cities share 1 Open-Meteo grid cell, as last answered): "
                + "~192 API calls/day, not ~288"), "\(check.standardOutput)")
    }

    @Test func aCityMovedIsAskedOnItsOwnUntilItsNewCellIsKnown() throws {
        let server = try OpenMeteoServer()
        defer { server.stop() }
        let state = newState()
        let extra = "PollInterval=15min\nJitter=0\nStateDirectory=\(state)\n"
        let path = try server.configuration(cities: [Self.paris, Self.bastille, Self.lyon], extra: extra)
        _ = try once(path)
        var before = try polledLatitudes(server).count
        _ = try once(path)
        #expect(try latitudes(server, after: before).sorted() == ["45.764", "48.8566"])
        // The Bastille's coordinates now lie in Lyon's cell: its old cell is not trusted.
        let text = try String(contentsOfFile: path, encoding: .utf8)
            .replacingOccurrences(of: "Latitude=48.8532\nLongitude=2.3692", with: "Latitude=45.7601\nLongitude=4.8401")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        before = try polledLatitudes(server).count
        _ = try once(path)
        #expect(try latitudes(server, after: before).sorted() == ["45.7601", "45.764", "48.8566"])
        before = try polledLatitudes(server).count
        _ = try once(path)
        #expect(try latitudes(server, after: before).sorted() == ["45.7601", "48.8566"], "now it shares Lyon's")
    }
}
