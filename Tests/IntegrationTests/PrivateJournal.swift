import BreezeTestSupport
import Foundation

/// A command run under a journald of its own (`unshare -m` and the `with-private-journald`
/// fixture: tmpfs over the journal's folders, nothing of the host's touched), as breezed runs
/// under systemd.
enum PrivateJournal {
    /// Runs `command` and returns its result and the journal it left, as `journalctl -o json`
    /// lines ("" when there is none).
    static func run(_ command: [String]) throws -> (result: ProcessResult, journal: String) {
        let journal = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-journal-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: journal) }
        let result = try Binaries.run(
            URL(fileURLWithPath: "/usr/bin/unshare"),
            ["-m", "--propagation", "private", Binaries.fixture("with-private-journald").path, journal] + command)
        return (result, (try? String(contentsOfFile: journal, encoding: .utf8)) ?? "")
    }

    /// The records breezed sent, from `journal` as `run` returns it.
    static func breezedRecords(_ journal: String) -> [[String: Any]] {
        journal.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }.filter { $0["SYSLOG_IDENTIFIER"] as? String == "breezed" }
    }
}
