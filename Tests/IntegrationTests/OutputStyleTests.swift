import BreezeTestSupport
import Foundation
import Testing

/// What every breezectl command prints looks alike: one JSON style, one band and column order,
/// cities named with their Region= and Country=, and `now` within 100 columns.
final class OutputStyleTests {
    let server: OpenMeteoServer
    let folder: String

    init() throws {
        server = try OpenMeteoServer()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-style-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    deinit {
        server.stop()
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// A configuration with `cities` as sections (text after the header), state in the folder.
    func configuration(_ sections: String) throws -> String {
        let path = folder + "/breezed.conf"
        let text = "[Breeze]\nApiURL=\(server.baseURL)\nGeocodingURL=\(server.baseURL)\nTimeout=5s\n"
            + "StateDirectory=\(folder)/state\n"
            // These readings set only `current`: the values pinned are Open-Meteo's `us_aqi`.
            + "[Alert]\nAQISource=open-meteo\n" + sections
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// `text` as Python writes it with `json.dumps(indent=2, sort_keys=True, ensure_ascii=False)`.
    func canonical(_ text: String) throws -> String {
        let script = "import json,sys; print(json.dumps(json.load(sys.stdin), indent=2, sort_keys=True, ensure_ascii=False))"
        let result = try Binaries.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script], input: text)
        #expect(result.status == 0, "\(result.standardError)")
        return result.standardOutput
    }

    @Test func everyJSONOutputHasOneStyle() throws {
        let config = try configuration(
            "[City \"Berlin\"]\nLatitude=52.52\nLongitude=13.41\nCountry=Germany\nRegion=\"Land Berlin\"\n")
        _ = try Binaries.run(Binaries.breezed, ["--once", "--log", "stderr", "--config", config])
        let commands: [[String]] = [
            ["now", "--json", "--config", config], ["status", "--json", "--config", config],
            ["search", "Berlin", "--json", "--config", config], ["aqi", "--json", "pm2_5=35.9", "o3=0.078ppm"],
        ]
        for arguments in commands {
            let result = try Binaries.run(Binaries.breezectl, arguments)
            #expect(result.status == 0, "\(arguments): \(result.standardError)")
            #expect(try canonical(result.standardOutput) == result.standardOutput, "\(arguments)")
        }
        let none = try Binaries.run(Binaries.breezectl, ["search", "Qqqxyzzy", "--json", "--config", config])
        #expect(none.status == 1)
        #expect(none.standardOutput == "[]\n")

        let now = try Binaries.run(Binaries.breezectl, ["now", "--json", "--config", config])
        let cities = try #require(try JSONSerialization.jsonObject(with: Data(now.standardOutput.utf8)) as? [[String: Any]])
        #expect(cities.first?["country"] as? String == "Germany")
        #expect(cities.first?["region"] as? String == "Land Berlin")
    }

    @Test func nowFitsOneHundredColumnsWithErrorsOnTheirOwnLines() throws {
        // The second city's element is missing from the answer: it fails alone.
        try server.control("faults", #"{"faults": [{"path": "/v1/air-quality", "kind": "wrong_length", "count": -1}]}"#)
        try server.control("readings", #"{"locations": [{"latitude": 39.8, "longitude": -89.64, "current": {"us_aqi": 120, "pm2_5": 43.0}}]}"#)
        let longName = String(repeating: "Llanfairpwllgwyngyll", count: 4)
        let config = try configuration(
            "[City \"\(longName)\"]\nLatitude=39.8\nLongitude=-89.64\nRegion=Illinois\nCountry=\"United States\"\n"
                + "[City \"Springfield\"]\nLatitude=37.2\nLongitude=-93.3\nRegion=Missouri\nCountry=\"United States\"\n")
        let result = try Binaries.run(Binaries.breezectl, ["now", "--config", config])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        for line in lines {
            #expect(line.unicodeScalars.count <= 100, "\(line.unicodeScalars.count) columns: \(line)")
        }
        // The band in the words messages use; the name gives way to it within 100 columns.
        // Open-Meteo's AQI (*): PM2.5 is the hour's 43.0, rated, not a NowCast it was not rated on.
        #expect(lines[1].hasPrefix("Llanfairpwl…"))
        #expect(lines[1].contains("120*  120  😷 Unhealthy for Sensitive Groups  PM2.5  43.0!"), "\(lines[1])")
        #expect(lines[2].hasPrefix("Springfield…"))
        #expect(lines[2].hasSuffix("  —  error"))
        #expect(result.standardError.hasPrefix("breezectl now: Springfield, Missouri, United States: Open-Meteo's response has no element 2"))
        #expect(result.standardError.split(separator: "\n").count == 1)
    }

    @Test func statusNamesCitiesWithRegionAndCountryAndTheBandAsNowDoes() throws {
        try server.control("readings", #"{"locations": [{"latitude": 48.85, "longitude": 2.35, "current": {"us_aqi": 170, "pm2_5": 93.0}}]}"#)
        let config = try configuration(
            "[City \"Paris\"]\nLatitude=48.85\nLongitude=2.35\nRegion=\"Île-de-France\"\nCountry=France\n")
        let once = try Binaries.run(Binaries.breezed, ["--once", "--log", "stderr", "--config", config])
        #expect(once.standardOutput.hasPrefix("1 city: 1 with data, 0 failed, 0 alerting, 0 alert events"))
        let status = try Binaries.run(Binaries.breezectl, ["status", "--config", config])
        let statusLines = status.standardOutput.split(separator: "\n").map(String.init)
        let now = try Binaries.run(Binaries.breezectl, ["now", "--config", config])
        let nowLines = now.standardOutput.split(separator: "\n").map(String.init)
        #expect(statusLines[1].hasPrefix("CITY                          AQI  SOURCE      OPEN-METEO  BAND"))
        #expect(nowLines[0].hasPrefix("CITY                           AQI   OM  BAND"))
        #expect(statusLines[2].hasPrefix("Paris, Île-de-France, France  170  open-meteo         170  😨 Unhealthy  "))
        #expect(nowLines[1].hasPrefix("Paris, Île-de-France, France  170*  170  😨 Unhealthy  "))
        #expect(statusLines[0].contains("; it took "))
    }
}
