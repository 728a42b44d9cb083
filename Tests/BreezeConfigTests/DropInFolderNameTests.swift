import Foundation
import Testing

@testable import BreezeConfig

/// Drop-ins live in `<main file>.d/`, as systemd names them: two configurations in one folder
/// each read their own.
struct DropInFolderNameTests {
    @Test func theFolderIsTheMainFileNamePlusDotD() {
        #expect(ConfigurationLoader.dropInDirectory(for: "/etc/breeze/breezed.conf") == "/etc/breeze/breezed.conf.d")
        #expect(ConfigurationLoader.dropInDirectory(for: "/srv/other.conf") == "/srv/other.conf.d")
        #expect(ConfigurationLoader.dropInDirectory(for: "breezed.conf") == "breezed.conf.d")
    }

    @Test func twoConfigurationsInOneFolderDoNotShareDropIns() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let city = "[City \"Paris\"]\nLatitude=48.8566\nLongitude=2.3522\n"
        let main = try directory.write("breezed.conf", city)
        let other = try directory.write("other.conf", city)
        try directory.write("breezed.conf.d/berlin.conf", "[City \"Berlin\"]\nLatitude=52.52\nLongitude=13.405\n")
        try directory.write("other.conf.d/oslo.conf", "[City \"Oslo\"]\nLatitude=59.91\nLongitude=10.75\n")

        let mainLoaded = try ConfigurationLoader.load(path: main, environment: [:])
        #expect(mainLoaded.files == [main, directory.path + "/breezed.conf.d/berlin.conf"])
        #expect(mainLoaded.configuration.cities.map(\.city.name) == ["Paris", "Berlin"])

        let otherLoaded = try ConfigurationLoader.load(path: other, environment: [:])
        #expect(otherLoaded.files == [other, directory.path + "/other.conf.d/oslo.conf"])
        #expect(otherLoaded.configuration.cities.map(\.city.name) == ["Paris", "Oslo"])
    }
}
