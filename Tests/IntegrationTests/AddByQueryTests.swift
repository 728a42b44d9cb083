import Foundation
import Testing

/// `breezectl add QUERY`: the city comes from the geocoding API (the fixture server here).
struct AddByQueryTests {
    let server: OpenMeteoServer
    init() throws { server = try OpenMeteoServer() }

    func dropIn(_ configuration: String, _ file: String) -> String {
        URL(fileURLWithPath: configuration).deletingLastPathComponent()
            .appendingPathComponent("breezed.conf.d/\(file)").path
    }

    @Test func addsTheFirstCandidateWithItsDetails() throws {
        let configuration = try server.configuration(cities: [("Tokyo", 35.6762, 139.6503)])
        let result = try Binaries.run(Binaries.breezectl, ["add", "Berlin", "--config", configuration])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasPrefix("added Berlin, Germany (52.52437, 13.41053)"))
        let text = try String(contentsOfFile: dropIn(configuration, "berlin-867093d65b4dfd51.conf"), encoding: .utf8)
        #expect(text.contains("[City \"Berlin\"]\nLatitude=52.52437\nLongitude=13.41053\nTimeZone=Europe/Berlin\n"))
        let check = try Binaries.run(Binaries.breezectl, ["check-config", "--config", configuration])
        #expect(check.standardOutput.hasPrefix("configuration OK: 2 cities"))
        #expect(try server.requests(to: "/v1/search").count == 1)
    }

    @Test func pickChoosesAmongCandidatesAndNameRenames() throws {
        let configuration = try server.configuration(cities: [])
        let result = try Binaries.run(
            Binaries.breezectl, ["add", "Paris", "--pick", "2", "--name", "Paris TX", "--config", configuration])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains("taking 2. Paris, Texas, United States"))
        let text = try String(contentsOfFile: dropIn(configuration, "paris-tx-fea1b3738e6cc9ac.conf"), encoding: .utf8)
        #expect(text.contains("[City \"Paris TX\"]"))
        #expect(text.contains("TimeZone=America/Chicago"))
    }

    @Test func noMatchWritesNothing() throws {
        let configuration = try server.configuration(cities: [])
        let result = try Binaries.run(Binaries.breezectl, ["add", "Qqqqxyz", "--config", configuration])
        #expect(result.status == 1)
        #expect(result.standardError == "breezectl add: no place matches 'Qqqqxyz'\n")
        #expect(!FileManager.default.fileExists(atPath: dropIn(configuration, "")))
    }

    @Test func unreachableGeocodingExits69() throws {
        let configuration = try server.configuration(cities: [])
        let text = try String(contentsOfFile: configuration, encoding: .utf8)
            .replacingOccurrences(of: "GeocodingURL=\(server.baseURL)", with: "GeocodingURL=http://127.0.0.1:9")
        try text.write(toFile: configuration, atomically: true, encoding: .utf8)
        let result = try Binaries.run(Binaries.breezectl, ["add", "Berlin", "--config", configuration])
        #expect(result.status == 69)
        #expect(result.standardError.contains("cannot search Open-Meteo's geocoding API at http://127.0.0.1:9"))
    }
}
