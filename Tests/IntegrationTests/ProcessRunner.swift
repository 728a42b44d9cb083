import BreezeTestSupport
import Foundation

/// Locates the built executables and the fixtures, and runs them.
enum Binaries {
    /// The folder holding the built products: the test bundle sits beside them.
    static let productsFolder: URL = {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return executable.deletingLastPathComponent()
    }()

    static var breezectl: URL { productsFolder.appendingPathComponent("breezectl") }
    static var breezed: URL { productsFolder.appendingPathComponent("breezed") }

    /// A fixture file under `Tests/Fixtures`.
    static func fixture(_ name: String) -> URL { Fixtures.path(name) }

    /// Runs `executable` to completion (see `Processes.run`).
    static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String] = [:], input: String? = nil
    ) throws -> ProcessResult {
        var preloaded = environment
        if let preload = Processes.childEnvironment["LD_PRELOAD"], preloaded["LD_PRELOAD"] == nil { preloaded["LD_PRELOAD"] = preload }
        return try Processes.run(executable, arguments, environment: preloaded, input: input)
    }
}
