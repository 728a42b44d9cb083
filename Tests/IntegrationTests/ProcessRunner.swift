import Foundation

/// What a finished process left behind.
struct ProcessResult {
    var status: Int32
    var standardOutput: String
    var standardError: String
}

/// Locates the built executables and the fixtures, and runs them.
enum Binaries {
    /// The folder holding the built products: the test bundle sits beside them.
    static let productsFolder: URL = {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return executable.deletingLastPathComponent()
    }()

    /// The repository's root, found from this source file's path.
    static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static var breezectl: URL { productsFolder.appendingPathComponent("breezectl") }
    static var breezed: URL { productsFolder.appendingPathComponent("breezed") }

    /// A fixture file under `Tests/Fixtures`.
    static func fixture(_ name: String) -> URL {
        repositoryRoot.appendingPathComponent("Tests/Fixtures").appendingPathComponent(name)
    }

    /// Runs `executable` to completion with `arguments`, feeding `input` on standard input.
    static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String] = [:],
        input: String? = nil
    ) throws -> ProcessResult {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var fullEnvironment = ProcessInfo.processInfo.environment
        fullEnvironment["NO_COLOR"] = "1"
        for (key, value) in environment { fullEnvironment[key] = value }
        process.environment = fullEnvironment
        let outputPipe = Pipe()
        let errorPipe = Pipe()
        let inputPipe = Pipe()
        process.standardOutput = outputPipe
        process.standardError = errorPipe
        process.standardInput = inputPipe
        try process.run()
        if let input { inputPipe.fileHandleForWriting.write(Data(input.utf8)) }
        try inputPipe.fileHandleForWriting.close()
        // Read both pipes to the end before waiting, so a full pipe cannot deadlock the child.
        let group = DispatchGroup()
        nonisolated(unsafe) var errorData = Data()
        group.enter()
        DispatchQueue.global().async {
            errorData = errorPipe.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outputData = outputPipe.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return ProcessResult(
            status: process.terminationStatus,
            standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData, as: UTF8.self))
    }
}
