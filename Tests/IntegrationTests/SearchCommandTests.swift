import Foundation
import Testing

/// `breezectl search` as a real process against the fixture server.
final class SearchCommandTests {
    let server: OpenMeteoServer

    init() throws {
        server = try OpenMeteoServer()
    }

    deinit { server.stop() }

    @Test func printsCandidatesWithAReadySection() throws {
        let config = try server.configuration(cities: [])
        let result = try Binaries.run(Binaries.breezectl, ["search", "Berlin", "--count", "3", "--config", config])
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix("1. Berlin, Germany\n   52.52437, 13.41053 · population 3,426,354 · Europe/Berlin\n"))
        #expect(result.standardOutput.contains("   [City \"Berlin\"]\n   Latitude=52.52437\n   Longitude=13.41053\n   TimeZone=Europe/Berlin"))
        let request = try #require(try server.requests(to: "/v1/search").first)
        let query = request["query"] as? [String: [String]] ?? [:]
        #expect(query["name"] == ["Berlin"] && query["count"] == ["3"] && query["language"] == ["en"])
    }

    @Test func configuredResultsAndJSON() throws {
        try server.control("geocoding", """
            {"name": "Springfield", "results": [
              {"id": 1, "name": "Springfield", "latitude": 39.80172, "longitude": -89.64371,
               "country": "United States", "admin1": "Illinois", "timezone": "America/Chicago", "population": 116250},
              {"id": 2, "name": "Springfield", "latitude": 37.21533, "longitude": -93.29824}]}
            """)
        let config = try server.configuration(cities: [])
        let result = try Binaries.run(Binaries.breezectl, ["search", "Springfield", "--json", "--config", config])
        #expect(result.status == 0)
        let candidates = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]])
        #expect(candidates.count == 2)
        #expect(candidates[0]["displayName"] as? String == "Springfield, Illinois, United States")
        #expect(candidates[0]["population"] as? Int == 116250)
        #expect(candidates[1]["timeZone"] is NSNull)
        // Two candidates of one name get distinct section names, the first with its Region=.
        #expect(candidates[0]["sectionName"] as? String == "Springfield, Illinois")
        #expect(candidates[0]["section"] as? String == """
            [City "Springfield, Illinois"]
            Latitude=39.80172
            Longitude=-89.64371
            TimeZone=America/Chicago
            Country="United States"
            Region="Illinois"
            """)
        #expect(candidates[1]["section"] as? String == "[City \"Springfield\"]\nLatitude=37.21533\nLongitude=-93.29824")
    }

    @Test func noMatchExitsOne() throws {
        let config = try server.configuration(cities: [])
        let result = try Binaries.run(Binaries.breezectl, ["search", "Xqzzyville", "--config", config])
        #expect(result.status == 1)
        #expect(result.standardError == "breezectl search: no place matches 'Xqzzyville'\n")
        #expect(result.standardOutput.isEmpty)
    }

    @Test func unreachableExitsSixtyNine() throws {
        let config = try server.configuration(cities: [])
        server.stop()
        let result = try Binaries.run(Binaries.breezectl, ["search", "Berlin", "--config", config])
        #expect(result.status == 69)
        #expect(result.standardError.contains("cannot search Open-Meteo's geocoding API at http://127.0.0.1:\(server.port): Open-Meteo unreachable: connection refused"))
    }

    @Test func aQueryIsRequired() throws {
        let result = try Binaries.run(Binaries.breezectl, ["search"])
        #expect(result.status == 64)
    }
}
