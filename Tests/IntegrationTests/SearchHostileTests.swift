import BreezeTestSupport
import Foundation
import Testing

/// `breezectl search` and `add` as real processes against the fixture server answering hostile
/// names (`Tests/Fixtures/geocoding/hostile-names.json`) and more results than asked.
final class SearchHostileTests {
    let server: OpenMeteoServer

    init() throws {
        server = try OpenMeteoServer()
        let fixture = Fixtures.repositoryRoot.appendingPathComponent("Tests/Fixtures/geocoding/hostile-names.json")
        try server.control("geocoding", try String(contentsOf: fixture, encoding: .utf8))
    }

    deinit { server.stop() }

    static func names() throws -> [String] {
        let fixture = Fixtures.repositoryRoot.appendingPathComponent("Tests/Fixtures/geocoding/hostile-names.json")
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: fixture)) as? [String: Any]
        return (document?["results"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
    }

    static func isUnprintable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: scalar != "\n"
        default: false
        }
    }

    static func same(_ first: String?, _ second: String?) -> Bool {
        first.map { Array($0.unicodeScalars) } == second.map { Array($0.unicodeScalars) }
    }

    @Test func theJSONParsesWithEveryHostileNameIntact() throws {
        let config = try server.configuration(cities: [])
        let result = try Binaries.run(Binaries.breezectl, ["search", "Hostile", "--count", "20", "--json", "--config", config])
        #expect(result.status == 0, "\(result.standardError)")
        // No control character or line separator (format characters are JSON text like any other).
        #expect(
            !result.standardOutput.unicodeScalars.contains { scalar in
                scalar != "\n" && [.control, .lineSeparator, .paragraphSeparator].contains(scalar.properties.generalCategory)
            })
        let candidates = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]])
        let names = try Self.names()
        #expect(candidates.count == names.count)
        for (candidate, name) in zip(candidates, names) {
            #expect(Self.same(candidate["city"] as? String, name))
        }
    }

    @Test func addWritesAPrintableDropInThatChecksOK() throws {
        let configuration = try server.configuration(cities: [])
        let names = try Self.names()
        // C1, NUL, ESC, U+2028 and a backslash-u that is text: four of the hostile names.
        for pick in [1, 10, 11, 12, 8, 19] {
            let result = try Binaries.run(
                Binaries.breezectl, ["add", "Hostile", "--pick", "\(pick)", "--config", configuration])
            #expect(result.status == 0, "\(names[pick - 1].debugDescription): \(result.standardError)")
        }
        let folder = configuration + ".d"
        let files = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(files.count == 6)
        for file in files {
            let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            #expect(!text.unicodeScalars.contains(where: Self.isUnprintable), "\(file)")
        }
        let check = try Binaries.run(Binaries.breezectl, ["check-config", "--config", configuration])
        #expect(check.status == 0, "\(check.standardError)")
        #expect(check.standardOutput.hasPrefix("configuration OK: 6 cities"))
    }

    @Test func countCutsAnAnswerLongerThanAsked() throws {
        let places = (1...150).map { index in
            #"{"id": \#(index), "name": "Many \#(index)", "latitude": 1.0, "longitude": \#(Double(index) / 10)}"#
        }
        try server.control("geocoding", #"{"name": "Many", "ignoreCount": true, "results": [\#(places.joined(separator: ","))]}"#)
        let config = try server.configuration(cities: [])
        let json = try Binaries.run(Binaries.breezectl, ["search", "Many", "--count", "3", "--json", "--config", config])
        #expect(json.status == 0)
        let candidates = try #require(
            try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]])
        #expect(candidates.map { $0["city"] as? String } == ["Many 1", "Many 2", "Many 3"])
        let text = try Binaries.run(Binaries.breezectl, ["search", "Many", "--config", config])
        #expect(text.standardOutput.components(separatedBy: "[City ").count - 1 == 5)
        let asked = try server.requests(to: "/v1/search").map { ($0["query"] as? [String: [String]])?["count"] }
        #expect(asked == [["3"], ["5"]])
    }

    @Test(arguments: ["0", "101", "-1", "many", "1e2", ""])
    func aBadCountIsAUsageErrorNamingIt(count: String) throws {
        let result = try Binaries.run(Binaries.breezectl, ["search", "Paris", "--count", count])
        #expect(result.status == 64)
        #expect(result.standardError == "breezectl search: --count needs a number from 1 to 100, not '\(count)'\n")
        #expect(result.standardOutput.isEmpty)
    }

    @Test func aFiveMegabyteNameIsRefusedAndNothingWritten() throws {
        let long = String(repeating: "x", count: 5 * 1024 * 1024)
        try server.control("geocoding", #"{"name": "Huge", "results": [{"name": "\#(long)", "latitude": 1, "longitude": 2}]}"#)
        let configuration = try server.configuration(cities: [])
        let result = try Binaries.run(Binaries.breezectl, ["add", "Huge", "--config", configuration])
        #expect(result.status == 78)
        #expect(
            result.standardError
                == "breezectl add: the city's name is 5242880 characters long; at most 200; give another with --name NAME. Nothing was written.\n")
        #expect(!FileManager.default.fileExists(atPath: configuration + ".d"))
    }
}
