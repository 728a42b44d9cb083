import BreezeTestSupport
import Foundation
import Testing

/// `breezectl add` and `check-config` with a configuration not called `breezed.conf`: its
/// drop-ins are `<file>.d/*.conf`, never the `breezed.conf.d/` of a neighbour.
struct DropInFolderTests {
    @Test func addWritesIntoTheDropInFolderOfItsOwnConfiguration() throws {
        let directory = NSTemporaryDirectory() + "breeze-drop-in-folders-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory + "/breezed.conf.d", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let city = "[City \"Paris\"]\nLatitude=48.8566\nLongitude=2.3522\n"
        for name in ["breezed.conf", "other.conf"] {
            try city.write(toFile: directory + "/" + name, atomically: false, encoding: .utf8)
        }
        try "[City \"Berlin\"]\nLatitude=52.52\nLongitude=13.405\n"
            .write(toFile: directory + "/breezed.conf.d/berlin.conf", atomically: false, encoding: .utf8)
        let other = directory + "/other.conf"

        let before = try Binaries.run(Binaries.breezectl, ["check-config", "--config", other])
        #expect(before.status == 0)
        #expect(before.standardOutput.hasPrefix("configuration OK: 1 city") || before.standardOutput.hasPrefix("configuration OK: 1 cities"))

        let add = try Binaries.run(
            Binaries.breezectl, ["add", "--name", "Oslo", "--latitude", "59.91", "--longitude", "10.75", "--config", other])
        #expect(add.status == 0)
        #expect(add.standardOutput.contains("in \(directory)/other.conf.d/oslo-187d4ec05e49bc0a.conf\n"))
        #expect(FileManager.default.fileExists(atPath: directory + "/other.conf.d/oslo-187d4ec05e49bc0a.conf"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory + "/breezed.conf.d") == ["berlin.conf"])

        let after = try Binaries.run(Binaries.breezectl, ["check-config", "--config", other])
        #expect(after.standardOutput.hasPrefix("configuration OK: 2 cities"))
        let main = try Binaries.run(Binaries.breezectl, ["check-config", "--config", directory + "/breezed.conf"])
        #expect(main.standardOutput.hasPrefix("configuration OK: 2 cities"))
    }
}
