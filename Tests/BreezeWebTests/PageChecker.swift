import BreezeVocabulary
import BreezeWeb
import Foundation

/// Runs `Tests/Fixtures/html_check.py` (Python's html.parser, strict nesting) over a page and
/// returns what it read: a reading independent of the Swift writer.
struct PageChecker {
    /// What the checker found.
    struct Result {
        var errors: [String]
        /// Every element with `data-city`: its data-* attributes, id and text.
        var cards: [[String: String]]
        var refresh: [String]
        /// The page's whole text (style sheet left out).
        var text: String
    }

    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/html_check.py").standardizedFileURL.path

    /// The checker's reading of `page`'s body.
    static func check(_ page: WebResponse) throws -> Result {
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("breeze-page-\(getpid())-\(UUID().uuidString).html")
        try Data(page.body).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, file.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
            let json = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { throw CheckerFailed(status: process.terminationStatus) }
        let cards = (json["cards"] as? [[String: Any]] ?? []).map { card in
            card.compactMapValues { $0 as? String }
        }
        return Result(
            errors: json["errors"] as? [String] ?? ["no errors list"], cards: cards,
            refresh: json["refresh"] as? [String] ?? [], text: json["text"] as? String ?? "")
    }

    struct CheckerFailed: Error { var status: Int32 }
}
