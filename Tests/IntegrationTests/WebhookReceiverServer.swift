import Foundation

/// Tests/Fixtures/webhook_receiver.py on a random loopback port: records requests and checks
/// Standard Webhooks signatures with Python's hmac. Exits when its standard input closes;
/// `stop()` also signals its PID.
final class WebhookReceiverServer: @unchecked Sendable {
    let port: Int
    private let process = Process()
    private let input = Pipe()

    init(secret: String? = nil) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Binaries.fixture("webhook_receiver.py").path, "--port", "0"]
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
            throw ServerFailure(message: "the webhook receiver did not report its port: \(text)")
        }
        self.port = port
    }

    var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Queues scripted answers, e.g. `[{"status": 500, "body": "boom"}]`.
    func respond(_ json: String) throws {
        let result = try Binaries.run(
            URL(fileURLWithPath: "/usr/bin/curl"),
            ["-sS", "--fail", "-X", "POST", "--data-binary", "@-", "\(baseURL)/control/responses"], input: json)
        guard result.status == 0 else { throw ServerFailure(message: "control failed: \(result.standardError)") }
    }

    /// The recorded requests to `path`.
    func requests(to path: String) throws -> [[String: Any]] {
        let result = try Binaries.run(URL(fileURLWithPath: "/usr/bin/curl"), ["-sS", "\(baseURL)/control/requests"])
        let document = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
        return (document?["requests"] as? [[String: Any]] ?? []).filter { $0["path"] as? String == path }
    }

    /// Ends the server: closes its input, then signals its PID if it still runs.
    func stop() {
        try? input.fileHandleForWriting.close()
        if process.isRunning { kill(process.processIdentifier, SIGTERM) }
        process.waitUntilExit()
    }

    deinit { stop() }
}
