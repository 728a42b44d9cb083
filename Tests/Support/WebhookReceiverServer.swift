import Foundation

/// Tests/Fixtures/webhook_receiver.py: records requests, answers from a script, and checks
/// Standard Webhooks signatures with Python's hmac (independently of Breeze).
public final class WebhookReceiverServer: Sendable {
    private let server: PythonServer

    public init(secret: String? = nil) throws {
        server = try PythonServer(fixture: "webhook_receiver.py", arguments: secret.map { ["--secret", $0] } ?? [])
    }

    public var port: Int { server.port }
    public var baseURL: String { server.baseURL }

    /// Where the delivery tests POST their webhooks.
    public var url: String { baseURL + "/hook" }

    /// Queues scripted answers, e.g. `{"responses": [{"status": 503, "count": 5}]}`.
    public func respond(_ json: String) throws { try server.control("responses", json) }

    /// Queues scripted answers: `[{"status": 503, "count": 2, "retry_after": 1, "body": "…"}]`.
    public func respond(_ responses: [[String: Any]]) throws {
        let body = try JSONSerialization.data(withJSONObject: ["responses": responses])
        try respond(String(decoding: body, as: UTF8.self))
    }

    /// Every request recorded so far (method, path, headers, body, json, signature_valid).
    public func requests() throws -> [[String: Any]] { try server.recordedRequests() }

    /// The recorded requests to `path`.
    public func requests(to path: String) throws -> [[String: Any]] {
        try requests().filter { $0["path"] as? String == path }
    }

    /// Every recorded delivery: its `webhook-id` header and the status it was answered.
    public func deliveries() throws -> [(id: String, status: Int)] {
        try requests().map { request in
            let headers = request["headers"] as? [String: String] ?? [:]
            return (headers["webhook-id"] ?? "", request["answered"] as? Int ?? 0)
        }
    }

    /// Waits up to `seconds` until `condition` holds for the recorded deliveries.
    public func waitFor(seconds: Double = eventualSeconds, _ condition: ([(id: String, status: Int)]) -> Bool) -> Bool {
        eventually(within: seconds, every: 0.1) { try condition(deliveries()) }
    }

    public func stop() { server.stop() }
}
