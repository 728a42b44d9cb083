import Foundation

/// A new, empty folder under the system's temporary folder, removed when the value goes.
final class TemporaryFolder {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory
            .appendingPathComponent("breeze-control-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        // A folder a test made read-only must be writable again to be removed.
        if let enumerator = FileManager.default.enumerator(atPath: path) {
            for case let name as String in enumerator {
                try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path + "/" + name)
            }
        }
        try? FileManager.default.removeItem(atPath: path)
    }
}
