import BreezeTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A root-only `SecretFile=` as an ordinary user meets it: the commands that do not use it
/// work, `check-config` warns naming it, `breezed --check` (as root here) still reads it.
@Suite(.enabled(if: getuid() == 0, "setpriv --reuid needs root"))
struct SecretFileAccessTests {
    @Test func aRootOnlySecretFileStopsOnlyWhatReadsIt() throws {
        let server = try OpenMeteoServer()
        defer { server.stop() }
        let (_, latitude, longitude) = DaemonTests.paris
        try server.control(
            "readings",
            #"{"locations":[{"latitude":\#(latitude),"longitude":\#(longitude),"current":{"us_aqi":42,"pm2_5":10}}]}"#)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-secret-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        chmod(folder, 0o755)
        let secret = folder + "/ops-secret"
        try Data("hunter2-secret\n".utf8).write(to: URL(fileURLWithPath: secret))
        chmod(secret, 0o600)
        let path = try server.configuration(
            cities: [DaemonTests.paris],
            extra: "StateDirectory=\(folder)/state\nControlSocket=\(folder)/control\n"
                + "[Webhook \"ops\"]\nURL=http://127.0.0.1:9/hook\nSecretFile=\(secret)\n")

        let now = try Binaries.runAsNobody(Binaries.breezectl, ["now", "--config", path])
        #expect(now.status == 0, "\(now.standardError)")
        #expect(now.standardOutput.contains("Paris"))
        let status = try Binaries.runAsNobody(Binaries.breezectl, ["status", "--config", path])
        #expect(status.status == 3, "no cycle yet, and no configuration error: \(status.standardError)")
        #expect(status.standardOutput.contains("From the state file \(folder)/state/state.json"))

        let check = try Binaries.runAsNobody(Binaries.breezectl, ["check-config", "--config", path])
        #expect(check.status == 0)
        #expect(check.standardOutput.hasPrefix("configuration OK: 1 city, 1 receiver"))
        #expect(check.standardError.contains("warning: \(path):"))
        #expect(check.standardError.contains("cannot read SecretFile=\(secret) as this user (Permission denied)"))
        #expect(!check.standardError.contains("hunter2"))

        // The daemon's own check reads everything: here as nobody it cannot, and says so.
        let strict = try Binaries.runAsNobody(Binaries.breezed, ["--check", "--config", path])
        #expect(strict.status == 78)
        #expect(strict.standardError.contains("cannot read SecretFile=\(secret): Permission denied"))
        let asRoot = try Binaries.run(Binaries.breezed, ["--check", "--config", path])
        #expect(asRoot.status == 0)
        #expect(asRoot.standardError.isEmpty)
    }
}
