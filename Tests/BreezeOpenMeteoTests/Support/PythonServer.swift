import Foundation

/// A Python HTTP server on 127.0.0.1 started for one test: it prints `PORT <n>` first and
/// exits when its standard input closes, so it cannot outlive the test process.
final class PythonServer: @unchecked Sendable {
    let port: Int
    private let process: Process
    private let input: Pipe

    /// Runs `python3 script --port 0 arguments…` and waits for its port.
    init(script: URL, arguments: [String] = []) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, "--port", "0"] + arguments
        input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard text.hasPrefix("PORT "),
            let port = Int(text.dropFirst(5).prefix(while: { $0.isNumber }))
        else {
            process.terminate()
            throw ServerStartFailure(output: text)
        }
        self.port = port
    }

    /// Runs an inline Python script written to a temporary file.
    convenience init(source: String) throws {
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("breeze-test-server-\(UUID().uuidString).py")
        try Data(source.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        try self.init(script: file)
    }

    var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Stops this server (and only it): closes its input and waits for it to exit.
    func stop() {
        try? input.fileHandleForWriting.close()
        if process.isRunning { kill(process.processIdentifier, SIGTERM) }
        process.waitUntilExit()
    }

    deinit { stop() }
}

struct ServerStartFailure: Error, CustomStringConvertible {
    var output: String
    var description: String { "test server did not report its port: \(output)" }
}
