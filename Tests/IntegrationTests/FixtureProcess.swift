import Foundation

/// A Python fixture server from Tests/Fixtures on a random loopback port. It reports
/// `PORT <n>` on its first line, exits when its standard input closes, and `stop()` also
/// signals its PID.
final class FixtureProcess: @unchecked Sendable {
    let port: Int
    private let process = Process()
    private let input = Pipe()

    init(script: String, arguments: [String] = []) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Binaries.fixture(script).path, "--port", "0"] + arguments
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
        guard text.hasPrefix("PORT "), let port = Int(text.dropFirst(5).prefix(while: \.isNumber)) else {
            process.terminate()
            throw ServerFailure(message: "\(script) did not report its port: \(text)")
        }
        self.port = port
    }

    var baseURL: String { "http://127.0.0.1:\(port)" }

    /// POSTs a JSON document to `/control/<path>` (with curl, as a person would by hand).
    func control(_ path: String, _ json: String) throws {
        let result = try Binaries.run(
            URL(fileURLWithPath: "/usr/bin/curl"),
            [
                "-sS", "--fail", "-X", "POST", "-H", "Content-Type: application/json", "--data-binary", "@-",
                "\(baseURL)/control/\(path)",
            ],
            input: json)
        guard result.status == 0 else {
            throw ServerFailure(message: "control \(path) failed: \(result.standardError)")
        }
    }

    /// Every request the fixture recorded, in order.
    func recordedRequests() throws -> [[String: Any]] {
        let result = try Binaries.run(URL(fileURLWithPath: "/usr/bin/curl"), ["-sS", "\(baseURL)/control/requests"])
        let document = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
        return document?["requests"] as? [[String: Any]] ?? []
    }

    /// Ends the server: closes its input, then signals its PID if it still runs.
    func stop() {
        try? input.fileHandleForWriting.close()
        if process.isRunning { kill(process.processIdentifier, SIGTERM) }
        process.waitUntilExit()
    }

    deinit { stop() }
}

struct ServerFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
