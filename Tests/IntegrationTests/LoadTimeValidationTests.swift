import BreezeTestSupport
import Foundation
import Testing

/// Configuration that used to pass `check-config` but could not work is refused by both
/// checkers, with `PATH:LINE`.
struct LoadTimeValidationTests {
    @Test(arguments: [["breezectl", "check-config"], ["breezed", "--check"]])
    func brokenSigningSecretsAndReservedHeadersFailTheCheck(command: [String]) throws {
        let binary = command[0] == "breezed" ? Binaries.breezed : Binaries.breezectl
        let secret = Binaries.fixture("config/bad-signing-secret.conf").path
        let first = try Binaries.run(binary, Array(command.dropFirst()) + ["--config", secret])
        #expect(first.status == 78)
        #expect(first.standardError.contains("\(secret):4: Secret= starts with whsec_ but the rest is not base64\n"))
        #expect(!first.standardError.contains("!!!"))
        let headers = Binaries.fixture("config/reserved-headers.conf").path
        let second = try Binaries.run(binary, Array(command.dropFirst()) + ["--config", headers])
        #expect(second.status == 78)
        #expect(second.standardError.contains(
            "\(headers):4: Header=Content-Length: breezed sets this header itself (it frames the request or the connection); remove it\n"))
        #expect(!second.standardError.contains("evil.example.net"))
    }

    static var canDropToNobody: Bool {
        getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")
    }

    /// `breezectl check-config` run by an ordinary user (nobody) who cannot list the drop-in
    /// folder: an error naming the folder, where it used to be skipped silently (and every
    /// city and receiver in it with it).
    @Test(.enabled(if: canDropToNobody, "needs root to become nobody with setpriv"))
    func aDropInFolderTheUserCannotListIsAnError() throws {
        let folder = NSTemporaryDirectory() + "breeze-unlistable-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder + "/breezed.conf.d", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("[Breeze]\nStateDirectory=\(folder)/state\n".utf8).write(to: URL(fileURLWithPath: folder + "/breezed.conf"))
        try Data("[City \"Paris\"]\nLatitude=48.85\nLongitude=2.35\n".utf8)
            .write(to: URL(fileURLWithPath: folder + "/breezed.conf.d/paris.conf"))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: folder + "/breezed.conf")
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: folder + "/breezed.conf.d")
        let result = try Binaries.run(
            URL(fileURLWithPath: "/usr/bin/setpriv"),
            ["--reuid=65534", "--regid=65534", "--clear-groups", Binaries.breezectl.path, "check-config", "--config", folder + "/breezed.conf"])
        #expect(result.status == 78)
        #expect(result.standardError == "\(folder)/breezed.conf.d: cannot list the drop-in folder: Permission denied\n")
    }
}
