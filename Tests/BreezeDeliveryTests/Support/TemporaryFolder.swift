import BreezeTestSupport
import Foundation

/// A fresh folder under the system's temporary directory, removed by `remove()`.
struct TemporaryFolder {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-delivery-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }

    /// Writes an executable shell script named `name` and returns its path.
    func script(_ name: String, _ body: String) throws -> String {
        let file = path + "/" + name
        try Data(("#!/bin/sh\n" + body).utf8).write(to: URL(fileURLWithPath: file))
        chmod(file, 0o755)
        return file
    }

    /// Runs `Tests/Fixtures/mail_checker.py` over `files` and returns its parsed report.
    static func checkMail(_ files: [String]) throws -> [[String: Any]] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Fixtures.repositoryRoot.appendingPathComponent("Tests/Fixtures/mail_checker.py").path] + files
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return try JSONSerialization.jsonObject(with: data) as? [[String: Any]] ?? []
    }
}
