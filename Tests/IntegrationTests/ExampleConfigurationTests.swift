import BreezeTestSupport
import Foundation
import Testing

/// The shipped example is a household's start: two cities, no receiver enabled; the app's ten
/// cities come as a drop-in example that the main file accepts beside it.
struct ExampleConfigurationTests {
    static let main = Fixtures.repositoryRoot.appendingPathComponent("etc/breeze/breezed.conf").path
    static let appCities = Fixtures.repositoryRoot.appendingPathComponent("etc/breeze/examples/app-cities.conf").path

    @Test func theExampleWatchesTwoCitiesAndSendsNothingUntilAReceiverIsUncommented() throws {
        let text = try String(contentsOfFile: Self.main, encoding: .utf8)
        let sections = text.split(separator: "\n").filter { $0.hasPrefix("[") }
        #expect(sections == ["[Breeze]", "[Alert]", "[City \"Paris\"]", "[City \"Berlin\"]"])
        #expect(text.contains("breezectl add"))
        #expect(text.contains("#[Webhook \"") && text.contains("#[Email \""))
        let check = try Binaries.run(Binaries.breezectl, ["check-config", "--config", Self.main])
        #expect(check.standardOutput.hasPrefix("configuration OK: 2 cities, 0 receivers, ~192 API calls/day\n"))
    }

    @Test func theAppCitiesAreADropInExampleOutsideTheActiveFolder() throws {
        #expect(!FileManager.default.fileExists(
            atPath: Fixtures.repositoryRoot.appendingPathComponent("etc/breeze/breezed.conf.d").path))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-example-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/breezed.conf.d", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.main, toPath: folder + "/breezed.conf")
        try FileManager.default.copyItem(atPath: Self.appCities, toPath: folder + "/breezed.conf.d/app-cities.conf")
        let check = try Binaries.run(Binaries.breezectl, ["check-config", "--config", folder + "/breezed.conf"])
        #expect(check.status == 0, "\(check.standardError)")
        #expect(check.standardOutput.hasPrefix("configuration OK: 10 cities, 0 receivers, ~960 API calls/day\n"))
        #expect(
            check.standardOutput.range(
                of: "\n  New York, United States +40.7128, -74.006 +America/New_York\n", options: .regularExpression) != nil)
        #expect(check.standardError == "")
    }
}

/// `breezectl add --country/--region`: the drop-in carries them and the CLI names the city so.
struct AddCountryRegionTests {
    @Test func addWritesCountryAndRegionAndNamesTheCityWithThem() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-add-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/breezed.conf"
        try Data("[Breeze]\nStateDirectory=\(folder)/state\n".utf8).write(to: URL(fileURLWithPath: path))
        let result = try Binaries.run(
            Binaries.breezectl,
            ["add", "--name", "Springfield", "--latitude", "39.8", "--longitude", "-89.64", "--region", "Illinois",
             "--country", "United States", "--config", path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasPrefix("added Springfield, Illinois, United States (39.8, -89.64) in "))
        let text = try String(contentsOfFile: folder + "/breezed.conf.d/springfield-74ffd428575e57b0.conf", encoding: .utf8)
        #expect(text.hasSuffix("Country=\"United States\"\nRegion=\"Illinois\"\n"))
        let check = try Binaries.run(Binaries.breezectl, ["check-config", "--config", path])
        #expect(check.standardOutput.contains("\n  Springfield, Illinois, United States  39.8, -89.64"))

        let bad = try Binaries.run(
            Binaries.breezectl,
            ["add", "--name", "X", "--latitude", "1", "--longitude", "1", "--region", "a\nb", "--config", path])
        #expect(bad.status == 64)
        #expect(bad.standardError == "breezectl add: --region must be a single line\n")
    }
}
