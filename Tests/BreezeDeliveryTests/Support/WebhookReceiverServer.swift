import Foundation

/// Tests/Fixtures/webhook_receiver.py on a random loopback port, for one test. It records every
/// request and checks Standard Webhooks signatures with Python's hmac. It exits when its
/// standard input closes; `stop()` also signals its PID.
final class WebhookReceiverServer: @unchecked Sendable {
    let port: Int
    private let process = Process()
    private let input = Pipe()

    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    init(secret: String? = nil) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.repositoryRoot.appendingPathComponent("Tests/Fixtures/webhook_receiver.py").path, "--port", "0"]
            + (secret.map { ["--secret", $0] } ?? [])
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
            throw FixtureFailure(message: "the webhook receiver did not report its port: \(text)")
        }
        self.port = port
    }

    var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Queues scripted answers: `[{"status": 503, "count": 2, "retry_after": 1, "body": "…"}]`.
    func respond(_ responses: [[String: Any]]) throws {
        let body = try JSONSerialization.data(withJSONObject: ["responses": responses])
        _ = try fetch("/control/responses", body: body)
    }

    /// Every request recorded so far (method, path, headers, body, json, signature_valid).
    func requests() throws -> [[String: Any]] {
        let document = try JSONSerialization.jsonObject(with: try fetch("/control/requests")) as? [String: Any]
        return document?["requests"] as? [[String: Any]] ?? []
    }

    /// GETs `path`, or POSTs `body` to it, with curl (as a person would by hand).
    private func fetch(_ path: String, body: Data? = nil) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        var arguments = ["-sS", "--fail"]
        if let body {
            arguments += ["-X", "POST", "-H", "Content-Type: application/json", "--data-binary", String(decoding: body, as: UTF8.self)]
        }
        process.arguments = arguments + [baseURL + path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw FixtureFailure(message: "curl \(path) failed with \(process.terminationStatus)")
        }
        return data
    }

    /// Ends the server: closes its input, then signals its PID if it still runs.
    func stop() {
        try? input.fileHandleForWriting.close()
        if process.isRunning { kill(process.processIdentifier, SIGTERM) }
        process.waitUntilExit()
    }

    deinit { stop() }
}

struct FixtureFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
