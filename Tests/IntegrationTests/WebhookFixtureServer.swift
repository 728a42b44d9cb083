import Foundation

/// `Tests/Fixtures/webhook_receiver.py` on a random loopback port: records every request and
/// answers from a script. Ends when its standard input closes, or by its PID in `stop()`.
final class WebhookFixtureServer: @unchecked Sendable {
    let port: Int
    private let process = Process()
    private let input = Pipe()

    init() throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Binaries.fixture("webhook_receiver.py").path, "--port", "0"]
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

    /// Where webhooks are POSTed.
    var url: String { "http://127.0.0.1:\(port)/hook" }

    /// Queues scripted responses, e.g. `[{"status": 503, "count": 5}]`.
    func respond(_ json: String) throws {
        let result = try Binaries.run(
            URL(fileURLWithPath: "/usr/bin/curl"),
            ["-sS", "--fail", "-X", "POST", "--data-binary", "@-", "http://127.0.0.1:\(port)/control/responses"],
            input: json)
        guard result.status == 0 else { throw ServerFailure(message: "control failed: \(result.standardError)") }
    }

    /// Every recorded delivery: its `webhook-id` header and the status it was answered.
    func deliveries() throws -> [(id: String, status: Int)] {
        let result = try Binaries.run(
            URL(fileURLWithPath: "/usr/bin/curl"), ["-sS", "http://127.0.0.1:\(port)/control/requests"])
        let document = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
        let requests = document?["requests"] as? [[String: Any]] ?? []
        return requests.map { request in
            let headers = request["headers"] as? [String: String] ?? [:]
            return (headers["webhook-id"] ?? "", request["answered"] as? Int ?? 0)
        }
    }

    /// Waits up to `seconds` until `condition` holds for the recorded deliveries.
    func waitFor(seconds: Double = 30, _ condition: ([(id: String, status: Int)]) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let recorded = try? deliveries(), condition(recorded) { return true }
            usleep(100_000)
        }
        return false
    }

    func stop() {
        try? input.fileHandleForWriting.close()
        if process.isRunning { kill(process.processIdentifier, SIGTERM) }
        process.waitUntilExit()
    }

    deinit { stop() }
}
