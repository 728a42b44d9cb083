import Foundation

/// Tests/Fixtures/webhook_receiver.py: records requests, answers from a script, and checks
/// Standard Webhooks signatures with Python's hmac.
final class WebhookReceiverServer: Sendable {
    private let fixture: FixtureProcess

    init(secret: String? = nil) throws {
        fixture = try FixtureProcess(script: "webhook_receiver.py", arguments: secret.map { ["--secret", $0] } ?? [])
    }

    var port: Int { fixture.port }
    var baseURL: String { fixture.baseURL }

    /// Where the delivery tests POST their webhooks.
    var url: String { baseURL + "/hook" }

    /// Queues scripted answers, e.g. `{"responses": [{"status": 503, "count": 5}]}`.
    func respond(_ json: String) throws { try fixture.control("responses", json) }

    /// The recorded requests to `path`.
    func requests(to path: String) throws -> [[String: Any]] {
        try fixture.recordedRequests().filter { $0["path"] as? String == path }
    }

    /// Every recorded delivery: its `webhook-id` header and the status it was answered.
    func deliveries() throws -> [(id: String, status: Int)] {
        try fixture.recordedRequests().map { request in
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

    func stop() { fixture.stop() }
}
