import BreezeTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `breezectl check-config` as an ordinary user runs it: it counts only the receivers breezed
/// delivers to, and warns, naming the files, when there is no city to watch (issue 16).
@Suite(.enabled(if: getuid() == 0, "setpriv --reuid needs root"))
struct CheckConfigCountsTests {
    private static let receivers = """
        [Webhook "ops"]
        URL=https://hooks.example.com/a

        [Webhook "old"]
        URL=https://hooks.example.com/b
        Enabled=no

        """

    /// A folder nobody can read holding `breezed.conf` with `main` and, when given, a drop-in.
    private func configuration(main: String, dropIn: String? = nil) throws -> (path: String, folder: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-counts-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/breezed.conf.d", withIntermediateDirectories: true)
        chmod(folder, 0o755)
        chmod(folder + "/breezed.conf.d", 0o755)
        try Data(main.utf8).write(to: URL(fileURLWithPath: folder + "/breezed.conf"))
        if let dropIn { try Data(dropIn.utf8).write(to: URL(fileURLWithPath: folder + "/breezed.conf.d/cities.conf")) }
        return (folder + "/breezed.conf", folder)
    }

    @Test func receiversWithEnabledNoAreNotCounted() throws {
        let (path, folder) = try configuration(main: Self.receivers, dropIn: "[City \"Paris\"]\nLatitude=48.85\nLongitude=2.35\n")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let check = try Binaries.runAsNobody(Binaries.breezectl, ["check-config", "--config", path])
        #expect(check.status == 0, "\(check.standardError)")
        #expect(check.standardOutput.hasPrefix("configuration OK: 1 city, 1 receiver (1 more with Enabled=no), ~"))
        #expect(!check.standardError.contains("city"), "\(check.standardError)")
    }

    @Test func noCityIsAWarningNamingTheFilesRead() throws {
        let (path, folder) = try configuration(main: Self.receivers, dropIn: "[Webhook \"ops\"]\nTimeout=5s\n")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (binary, arguments) in [(Binaries.breezectl, ["check-config"]), (Binaries.breezed, ["--check"])] {
            let check = try Binaries.runAsNobody(binary, arguments + ["--config", path])
            #expect(check.status == 0, "still valid: \(check.standardError)")
            #expect(check.standardOutput.hasPrefix("configuration OK: 0 cities, 1 receiver (1 more with Enabled=no), ~0 API calls/day"))
            #expect(check.standardError.contains(
                "warning: no [City] section in '\(path)', '\(folder)/breezed.conf.d/cities.conf': breezed has nothing to watch; add one with 'breezectl add'\n"))
        }
    }

    @Test func everyCityDisabledIsAWarningNamingThem() throws {
        let (path, folder) = try configuration(main: "[City \"Paris\"]\nLatitude=48.85\nLongitude=2.35\nEnabled=no\n")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let check = try Binaries.runAsNobody(Binaries.breezectl, ["check-config", "--config", path])
        #expect(check.status == 0, "\(check.standardError)")
        #expect(check.standardOutput.hasPrefix("configuration OK: 0 cities, 0 receivers, ~0 API calls/day"))
        #expect(check.standardError.contains("warning: every city in '\(path)' has Enabled=no ('Paris'): breezed watches none\n"))
        // The disabled city is still listed, marked.
        #expect(check.standardOutput.contains("Enabled=no"))
    }
}
