import Foundation

/// What a finished process left behind.
public struct ProcessResult: Sendable {
    public var status: Int32
    public var standardOutput: String
    public var standardError: String
}

/// Runs programs for tests, reading their output without any chance of a full-pipe deadlock.
public enum Processes {
    /// The environment a program under test (breezed, breezectl, a fixture server) starts
    /// with: this process's, and `LD_PRELOAD` set to `BREEZE_TEST_PRELOAD` when that is set.
    /// scripts/lib/test-hours preloads libfaketime (its `FAKETIME` in the environment) this way
    /// into those alone: not into the test runner, which it hangs, nor curl and the other tools.
    public static var childEnvironment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        if let preload = environment["BREEZE_TEST_PRELOAD"], !preload.isEmpty { environment["LD_PRELOAD"] = preload }
        return environment
    }

    /// Runs `executable` to completion with `arguments`, feeding `input` on standard input;
    /// `environment` is added to this process's own (with `NO_COLOR=1`).
    public static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String] = [:], input: String? = nil
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
        // Both pipes are read to the end before waiting, so a full pipe cannot block the child.
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

    /// GETs `url`, or POSTs `json` to it, with curl (as a person would by hand); throws unless
    /// the answer is 2xx.
    public static func curl(_ url: String, json: String? = nil) throws -> String {
        var arguments = ["-sS", "--fail"]
        if json != nil {
            arguments += ["-X", "POST", "-H", "Content-Type: application/json", "--data-binary", "@-"]
        }
        let result = try run(URL(fileURLWithPath: "/usr/bin/curl"), arguments + [url], input: json)
        guard result.status == 0 else { throw FixtureFailure(message: "curl \(url): \(result.standardError)") }
        return result.standardOutput
    }
}

/// A test fixture that could not start or answer.
public struct FixtureFailure: Error, CustomStringConvertible {
    public var message: String
    public init(message: String) { self.message = message }
    public var description: String { message }
}
