import Foundation
import Testing

@testable import BreezeConfig

/// The main file then `breezed.conf.d/*.conf` in lexical order, as real files.
struct DropInTests {
    @Test func laterFilesOverrideKeysAndSameNamedSectionsMerge() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let main = try directory.write(
            "breezed.conf",
            """
            [Breeze]
            PollInterval=30min
            Jitter=10s

            [City "Paris"]
            Latitude=48.8566
            Longitude=2.3522
            Threshold=unhealthy

            [Webhook "ops"]
            URL=https://hooks.example.com/a
            Header=X-One: 1
            """)
        try directory.write(
            "breezed.conf.d/20-late.conf",
            """
            [Breeze]
            PollInterval=1h
            [City "Paris"]
            Hysteresis=5
            [Webhook "ops"]
            Header=X-Three: 3
            """)
        try directory.write(
            "breezed.conf.d/10-early.conf",
            """
            [Breeze]
            PollInterval=45min
            [City "Berlin"]
            Latitude=52.52
            Longitude=13.405
            [Webhook "ops"]
            Header=X-Two: 2
            """)
        try directory.write("breezed.conf.d/notes.txt", "this is not a drop-in\n")

        let loaded = try ConfigurationLoader.load(path: main, environment: [:])
        let configuration = loaded.configuration
        #expect(
            loaded.files == [
                main, directory.path + "/breezed.conf.d/10-early.conf",
                directory.path + "/breezed.conf.d/20-late.conf",
            ])
        #expect(configuration.breeze.pollInterval == .seconds(3600))
        #expect(configuration.breeze.jitter == .seconds(10))
        #expect(configuration.cities.map(\.city.name) == ["Paris", "Berlin"])
        let paris = try #require(configuration.cities.first)
        #expect(paris.city.latitude == 48.8566)
        #expect(paris.alert.threshold == .band(.unhealthy))
        #expect(paris.alert.hysteresis == 5)
        #expect(configuration.webhooks.first?.headers.map(\.name) == ["X-One", "X-Two", "X-Three"])
    }

    @Test func anEmptyHeaderAssignmentClearsEarlierHeaders() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let main = try directory.write(
            "breezed.conf", "[Webhook \"ops\"]\nURL=https://example.com\nHeader=X-Old: 1\n")
        try directory.write("breezed.conf.d/reset.conf", "[Webhook \"ops\"]\nHeader=\nHeader=X-New: 2\n")
        let configuration = try ConfigurationLoader.load(path: main, environment: [:]).configuration
        #expect(configuration.webhooks.first?.headers.map(\.name) == ["X-New"])
    }

    @Test func errorsNameTheDropInAndItsOwnLine() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let main = try directory.write("breezed.conf", "[Breeze]\nPollInterval=15min\n")
        try directory.write("breezed.conf.d/city.conf", "# a city\n[City \"Paris\"]\nLatitude=95\nLongitude=2\n")
        #expect {
            try ConfigurationLoader.load(path: main, environment: [:])
        } throws: { error in
            let failure = try #require(error as? ConfigurationFailure)
            return failure.errors.map(\.description)
                == [directory.path + "/breezed.conf.d/city.conf:3: Latitude=95: out of range -90 to 90"]
        }
    }

    @Test func sameCityInOtherCaseInADropInIsADuplicate() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let main = try directory.write("breezed.conf", "[City \"Paris\"]\nLatitude=1\nLongitude=2\n")
        try directory.write("breezed.conf.d/paris.conf", "[City \"paris\"]\nLatitude=1\nLongitude=2\n")
        do {
            _ = try ConfigurationLoader.load(path: main, environment: [:])
            Issue.record("a duplicate city loaded")
        } catch {
            #expect(
                error.errors.map(\.description) == [
                    directory.path + "/breezed.conf.d/paris.conf:1: duplicate city \"paris\" "
                        + "(first defined as \"Paris\" at \(main):1)"
                ])
        }
    }

    @Test func aMissingMainFileIsAnErrorNamingIt() {
        let path = "/nonexistent/breeze/breezed.conf"
        do {
            _ = try ConfigurationLoader.load(path: path, environment: [:])
            Issue.record("a missing file loaded")
        } catch {
            #expect(
                error.errors.map(\.description) == [
                    "/nonexistent/breeze/breezed.conf: cannot read the configuration: No such file or directory"
                ])
        }
    }

    @Test func secretFilesAreReadRelativeToTheirConfigurationFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("secrets/api-key", "hunter2-from-file\n")
        let main = try directory.write("breezed.conf", "[Breeze]\nApiKeyFile=secrets/api-key\n", permissions: 0o644)
        let loaded = try ConfigurationLoader.load(path: main, environment: [:])
        #expect(loaded.configuration.breeze.apiKey == Secret("hunter2-from-file"))
        #expect(loaded.warnings.isEmpty)
    }

    @Test func theFileModeOfARealFileDecidesTheSecretWarning() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let main = try directory.write("breezed.conf", "[Breeze]\nApiKey=hunter2\n", permissions: 0o644)
        let loaded = try ConfigurationLoader.load(path: main, environment: [:])
        #expect(loaded.warnings.map(\.line) == [2])
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: main)
        #expect(try ConfigurationLoader.load(path: main, environment: [:]).warnings.isEmpty)
    }
}
