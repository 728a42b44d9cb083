import BreezeTestSupport
import Foundation
import Testing

/// `scripts/* --help` prints the script's help and neither installs nor builds anything.
final class ScriptHelpTests {
    let fakeBin: String
    let marker: String

    /// A `swift`, `apt-get` and `sudo` first on PATH that only leave a mark: help must not reach them.
    init() throws {
        fakeBin = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-fake-bin-\(UUID().uuidString)").path
        marker = fakeBin + "/called"
        try FileManager.default.createDirectory(atPath: fakeBin, withIntermediateDirectories: true)
        for tool in ["swift", "apt-get", "sudo"] {
            let path = fakeBin + "/" + tool
            try Data("#!/bin/sh\necho \"\(tool) $*\" >> '\(marker)'\nexit 1\n".utf8).write(to: URL(fileURLWithPath: path))
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        }
    }

    deinit { try? FileManager.default.removeItem(atPath: fakeBin) }

    @Test(arguments: ["run", "test", "bench", "demo", "install", "uninstall"])
    func helpNeedsNoBuild(script: String) throws {
        let path = Fixtures.repositoryRoot.appendingPathComponent("scripts/" + script)
        for flag in ["--help", "-h"] {
            let result = try Binaries.run(path, [flag], environment: ["PATH": fakeBin + ":/usr/bin:/bin"])
            #expect(result.status == 0, "\(script) \(flag): \(result.standardError)")
            #expect(result.standardOutput.contains("scripts/\(script)"))
            #expect(result.standardOutput.count > 80)
            #expect(!result.standardOutput.contains("set -euo"))
            #expect(!result.standardOutput.split(separator: "\n").contains { $0.hasPrefix("#") })
        }
        #expect(!FileManager.default.fileExists(atPath: marker), "help called \((try? String(contentsOfFile: marker, encoding: .utf8)) ?? "")")
    }
}
