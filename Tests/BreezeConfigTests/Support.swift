import Foundation

@testable import BreezeConfig

/// What loading produced, as the strings a user would read.
struct LoadOutcome {
    var configuration: Configuration?
    var errors: [String]
    var warnings: [String]
}

/// Loads configuration text in memory, or fixtures from `Tests/Fixtures/config`.
enum Load {
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/config")

    static let repositoryRoot = fixtures.deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The fixture's text.
    static func fixtureText(_ name: String) throws -> String {
        try String(contentsOf: fixtures.appendingPathComponent(name), encoding: .utf8)
    }

    /// Loads fixture `name` as if it were a file called `name` with `permissions`.
    static func fixture(
        _ name: String, permissions: UInt32 = 0o600, context: LoadContext = LoadContext()
    ) throws -> LoadOutcome {
        sources([ConfigurationSource(path: name, text: try fixtureText(name), permissions: permissions)], context: context)
    }

    /// Loads `text` as a file called `breezed.conf`.
    static func text(_ text: String, context: LoadContext = LoadContext()) -> LoadOutcome {
        sources([ConfigurationSource(path: "breezed.conf", text: text, permissions: 0o600)], context: context)
    }

    static func sources(_ sources: [ConfigurationSource], context: LoadContext = LoadContext()) -> LoadOutcome {
        do {
            let loaded = try ConfigurationLoader.load(sources: sources, context: context)
            return LoadOutcome(
                configuration: loaded.configuration, errors: [],
                warnings: loaded.warnings.map(\.description))
        } catch {
            return LoadOutcome(
                configuration: nil, errors: error.errors.map(\.description),
                warnings: error.warnings.map(\.description))
        }
    }
}

/// A directory under the system's temporary directory, removed by `remove()`.
struct TemporaryDirectory {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "breeze-config-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// Writes `text` at `relativePath` (creating folders) with `permissions`.
    @discardableResult
    func write(_ relativePath: String, _ text: String, permissions: Int = 0o600) throws -> String {
        let file = path + "/" + relativePath
        let folder = (file as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try text.write(toFile: file, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: file)
        return file
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
