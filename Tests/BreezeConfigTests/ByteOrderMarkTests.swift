import Foundation
import Testing

@testable import BreezeConfig

/// A UTF-8 byte order mark at the start of a file (as some Windows editors save) is accepted,
/// in the main file and in drop-ins; anywhere else it stays an error.
struct ByteOrderMarkTests {
    @Test func theMainFileAndADropInMayStartWithAByteOrderMark() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let main = try directory.write(
            "breezed.conf", "\u{FEFF}[Breeze]\nPollInterval=30min\n\n[City \"Paris\"]\nLatitude=48.8566\nLongitude=2.3522\n")
        try directory.write("breezed.conf.d/10-berlin.conf", "\u{FEFF}[City \"Berlin\"]\nLatitude=52.52\nLongitude=13.405\n")
        let loaded = try ConfigurationLoader.load(path: main, environment: [:])
        #expect(loaded.configuration.breeze.pollInterval == .seconds(1800))
        #expect(loaded.configuration.cities.map(\.city.name) == ["Paris", "Berlin"])
    }

    @Test func aByteOrderMarkBeforeAKeyIsKeptAsAnError() {
        let outcome = Load.text("[Breeze]\n\u{FEFF}PollInterval=30min\n[City \"Paris\"]\nLatitude=1\nLongitude=2\n")
        #expect(outcome.errors.count == 1)
        #expect(outcome.errors.first?.hasPrefix("breezed.conf:2:") == true)
    }
}
