import BreezeConfig
import Testing

/// `check-config` counts the receivers breezed delivers to and warns when it would watch no city.
struct ConfigurationCountsTests {
    private static let receivers = """
        [Webhook "ops"]
        URL=https://hooks.example.com/a

        [Webhook "old"]
        URL=https://hooks.example.com/b
        Enabled=no

        [Email "mail"]
        To=ops@example.com
        Enabled=no

        """

    @Test func receiversWithEnabledNoAreCountedApart() throws {
        let loaded = try ConfigurationLoader.load(text: "[City \"Paris\"]\nLatitude=48.85\nLongitude=2.35\n\n" + Self.receivers)
        #expect(ConfigurationCounts.enabledReceivers(loaded.configuration) == 1)
        #expect(ConfigurationCounts.disabledReceivers(loaded.configuration) == 2)
        #expect(ConfigurationCheck.summary(loaded.configuration).hasPrefix("configuration OK: 1 city, 1 receiver (2 more with Enabled=no), ~"))
        #expect(ConfigurationCounts.cityWarnings(loaded.configuration, files: loaded.files).isEmpty)
    }

    @Test func noCityIsAWarningNamingTheFiles() throws {
        let loaded = try ConfigurationLoader.load(text: Self.receivers, path: "/etc/breeze/breezed.conf")
        #expect(ConfigurationCounts.cityWarnings(loaded.configuration, files: ["/etc/breeze/breezed.conf", "/etc/breeze/breezed.conf.d/a.conf"])
            == ["no [City] section in '/etc/breeze/breezed.conf', '/etc/breeze/breezed.conf.d/a.conf': breezed has nothing to watch; add one with 'breezectl add'"])
    }

    @Test func everyCityDisabledIsAWarningNamingThem() throws {
        let loaded = try ConfigurationLoader.load(text: "[City \"Paris\"]\nLatitude=48.85\nLongitude=2.35\nEnabled=no\n", path: "/x/breezed.conf")
        #expect(ConfigurationCounts.cityWarnings(loaded.configuration, files: loaded.files)
            == ["every city in '/x/breezed.conf' has Enabled=no ('Paris'): breezed watches none"])
    }
}
