import BreezeCommandLine
import BreezeConfig
import BreezeModel
import BreezeOpenMeteo
import Foundation
import Testing

@testable import BreezeCtl

/// Names a geocoder may send (`Tests/Fixtures/geocoding/hostile-names.json`: C1 and C0
/// controls, quotes, backslashes, comment characters, `=`, line separators, 東京, 200
/// letters…): `add` writes printable text that loads back as the same name, and the section
/// `search` prints, as text or in its JSON, parses back to the same name too.
struct HostileNameTests {
    static let fixture = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/geocoding/hostile-names.json")

    /// The fixture's answer as the geocoder's places.
    static let places: [GeocodedPlace] = {
        guard let data = try? Data(contentsOf: fixture),
            let document = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let results = document["results"] as? [[String: Any]]
        else { return [] }
        return results.map { result in
            GeocodedPlace(
                city: City(
                    name: result["name"] as? String ?? "", country: result["country"] as? String,
                    admin1: result["admin1"] as? String, latitude: result["latitude"] as? Double ?? 0,
                    longitude: result["longitude"] as? Double ?? 0, timeZone: result["timezone"] as? String),
                population: result["population"] as? Int)
        }
    }()

    /// Whether a scalar a terminal acts on, a reader cannot see, or the parser splits lines at.
    static func isUnprintable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }

    static func same(_ first: String?, _ second: String?) -> Bool {
        first.map(\.unicodeScalars).map(Array.init) == second.map(\.unicodeScalars).map(Array.init)
    }

    @Test func theFixtureHoldsTheHostileNames() {
        let names = Self.places.map(\.city.name)
        #expect(names.count == 20)
        for expected in ["C\u{9B}D", "nul\u{0}byte", "esc\u{1B}[31mred", "bell\u{7}", "line\u{2028}sep", "東京"] {
            #expect(names.contains { Self.same($0, expected) })
        }
        #expect(names.contains { $0.unicodeScalars.count == NameLimit.maximumLength })
    }

    @Test(arguments: places)
    func addWritesPrintableTextThatLoadsBackTheSameCity(place: GeocodedPlace) throws {
        let folder = try TemporaryFolder()
        let configuration = folder.path + "/breezed.conf"
        try "[Breeze]\nPollInterval=15min\n".write(toFile: configuration, atomically: true, encoding: .utf8)
        let printed = Printed()
        let status = AddCommand.add(
            place.city, configurationPath: configuration,
            context: CommandContext(console: printed.console, environment: [:]))
        #expect(status == .success, "\(printed.errorText)")
        // What it says is two lines whatever the name holds ("added …", then the reload hint).
        #expect(printed.text.split(separator: "\n", omittingEmptySubsequences: false).count == 3)
        // (By bytes: a leading combining mark joins the space before it into one Character.)
        #expect(printed.text.utf8.starts(with: "added ".utf8) && printed.text.hasSuffix("to start watching it\n"))
        let dropIn = ConfigurationLoader.dropInDirectory(for: configuration) + "/" + CityDropIn.fileName(for: place.city.name)
        let bytes = try #require(FileManager.default.contents(atPath: dropIn))
        let text = try #require(String(bytes: bytes, encoding: .utf8))
        #expect(!text.unicodeScalars.contains { $0 != "\n" && Self.isUnprintable($0) })
        let loaded = try ConfigurationLoader.load(path: configuration, environment: [:])
        let city = try #require(loaded.configuration.cities.first?.city)
        #expect(Self.same(city.name, place.city.name))
        #expect(Self.same(city.country, place.city.country))
        #expect(Self.same(city.admin1, place.city.admin1))
        #expect(city.latitude == place.city.latitude && city.longitude == place.city.longitude)
    }

    @Test func theSearchSectionsParseBackToTheSameNames() throws {
        let printed = Printed()
        printed.console.print(SearchOutput.text(Self.places))
        // The sections' lines (the title and details above them are the terminal escaping's).
        let sections = printed.text.split(separator: "\n").filter {
            $0.hasPrefix("   [City ") || $0.range(of: "^   [A-Za-z]+=", options: .regularExpression) != nil
        }
        #expect(sections.count == Self.places.count * 6)
        #expect(!sections.contains { $0.unicodeScalars.contains(where: Self.isUnprintable) })
        let headers = sections.filter { $0.hasPrefix("   [City ") }
        #expect(headers.count == Self.places.count)
        for (header, place) in zip(headers, Self.places) {
            let section = header.dropFirst(3) + "\nLatitude=1\nLongitude=2\n"
            let city = try ConfigurationLoader.load(text: String(section)).configuration.cities.first?.city
            #expect(Self.same(city?.name, place.city.name))
        }
    }

    @Test func theJSONParsesAndItsSectionsLoadAsTheSameNames() throws {
        let printed = Printed()
        printed.console.printJSON(SearchOutput.json(Self.places))
        // No control character or line separator but the layout's line breaks: a terminal can
        // show it as it is. (Format characters are JSON text like any other.)
        #expect(
            !printed.text.unicodeScalars.contains { scalar in
                scalar != "\n" && [.control, .lineSeparator, .paragraphSeparator].contains(scalar.properties.generalCategory)
            })
        #expect(printed.text.contains(#""city": "C\u009bD""#))
        let candidates = try #require(
            try JSONSerialization.jsonObject(with: Data(printed.text.utf8)) as? [[String: Any]])
        #expect(candidates.count == Self.places.count)
        for (candidate, place) in zip(candidates, Self.places) {
            #expect(Self.same(candidate["city"] as? String, place.city.name))
            #expect(Self.same(candidate["country"] as? String, place.city.country))
            let section = try #require(candidate["section"] as? String)
            let city = try ConfigurationLoader.load(text: section).configuration.cities.first?.city
            #expect(Self.same(city?.name, place.city.name))
            #expect(Self.same(city?.name, candidate["sectionName"] as? String))
            #expect(Self.same(city?.admin1, place.city.admin1))
        }
    }

    @Test(arguments: [("name", "--name NAME"), ("country", "--country COUNTRY"), ("region", "--region REGION")])
    func aTooLongNameIsRefusedAndNothingWritten(what: String, option: String) throws {
        let folder = try TemporaryFolder()
        let configuration = folder.path + "/breezed.conf"
        try "[Breeze]\n".write(toFile: configuration, atomically: true, encoding: .utf8)
        var city = City(name: "Paris", country: "France", admin1: nil, latitude: 48.85, longitude: 2.35)
        let long = String(repeating: "x", count: 5 * 1024 * 1024)
        switch what {
        case "name": city.name = long
        case "country": city.country = long
        default: city.admin1 = long
        }
        let printed = Printed()
        let status = AddCommand.add(
            city, configurationPath: configuration, context: CommandContext(console: printed.console, environment: [:]))
        #expect(status == .configuration)
        #expect(
            printed.errorText
                == "breezectl add: the city's \(what) is 5242880 characters long; at most 200; give another with \(option). Nothing was written.\n")
        #expect(!FileManager.default.fileExists(atPath: ConfigurationLoader.dropInDirectory(for: configuration)))
    }

    @Test func aNameOfTwoHundredAndOneIsRefusedTooTwoHundredAdded() throws {
        let folder = try TemporaryFolder()
        let configuration = folder.path + "/breezed.conf"
        try "[Breeze]\n".write(toFile: configuration, atomically: true, encoding: .utf8)
        let context = CommandContext(console: Printed().console, environment: [:])
        let long = City(name: String(repeating: "東", count: 201), latitude: 35.68, longitude: 139.69)
        #expect(AddCommand.add(long, configurationPath: configuration, context: context) == .configuration)
        let fits = City(name: String(repeating: "東", count: 200), latitude: 35.68, longitude: 139.69)
        #expect(AddCommand.add(fits, configurationPath: configuration, context: context) == .success)
    }

    @Test func searchOffersNoSectionForANameThatWouldNotLoad() throws {
        let long = GeocodedPlace(
            city: City(name: String(repeating: "東", count: 201), country: "Japan", latitude: 35.68, longitude: 139.69),
            population: nil)
        let fits = GeocodedPlace(
            city: City(name: String(repeating: "東", count: 200), country: "Japan", latitude: 35.7, longitude: 139.7),
            population: nil)
        let text = SearchOutput.text([long, fits])
        let entries = text.components(separatedBy: "\n\n")
        #expect(entries.count == 2)
        #expect(entries[0].contains("cannot be added: its name is 201 characters long; at most 200"))
        #expect(!entries[0].contains("[City"))
        // The title is cut to the limit, so one candidate stays one line however long its name.
        let title = try #require(entries[0].split(separator: "\n").first)
        #expect(title.hasSuffix("…"))
        #expect(title.unicodeScalars.count < 220)
        #expect(entries[1].contains("[City \""))

        let printed = Printed()
        printed.console.printJSON(SearchOutput.json([long, fits]))
        let candidates = try #require(
            try JSONSerialization.jsonObject(with: Data(printed.text.utf8)) as? [[String: Any]])
        #expect(candidates.count == 2)
        #expect(candidates[0]["section"] is NSNull)
        let section = try #require(candidates[1]["section"] as? String)
        #expect(try ConfigurationLoader.load(text: section).configuration.cities.count == 1)
    }
}
