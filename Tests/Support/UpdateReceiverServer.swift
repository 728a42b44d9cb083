import Foundation

/// Tests/Fixtures/update_receiver.py: an ntfy server that keeps notifications by sequence id
/// and a Discord webhook whose messages can be edited, each reporting what a person would see.
public final class UpdateReceiverServer: Sendable {
    private let server: PythonServer

    /// `beforeSequences`: an ntfy older than 2.16, which ignores sequence ids.
    public init(beforeSequences: Bool = false) throws {
        server = try PythonServer(
            fixture: "update_receiver.py", arguments: beforeSequences ? ["--ntfy-before-sequences"] : [])
    }

    public var baseURL: String { server.baseURL }

    /// An ntfy topic URL (`Format=ntfy`).
    public func ntfyURL(topic: String) -> String { baseURL + "/ntfy/" + topic }

    /// A Discord webhook URL (`Format=discord`): `/discord/<id>/<token>`, with `query` after `?`.
    public func discordURL(token: String, query: String? = nil) -> String {
        baseURL + "/discord/1100220033/" + token + (query.map { "?" + $0 } ?? "")
    }

    /// `GET /control/state`: ntfy's notifications per topic, Discord's messages, every request.
    public func state() throws -> [String: Any] {
        let text = try Processes.curl(baseURL + "/control/state")
        return try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] ?? [:]
    }

    /// The notifications an ntfy subscriber of `topic` sees.
    public func notifications(topic: String) throws -> [[String: Any]] {
        ((try state()["ntfy"] as? [String: Any])?[topic] as? [[String: Any]]) ?? []
    }

    /// The Discord messages made, in order (deleted ones marked).
    public func discordMessages() throws -> [[String: Any]] {
        try state()["discord"] as? [[String: Any]] ?? []
    }

    /// Every request answered, in order: method, path, status, headers.
    public func requests() throws -> [[String: Any]] {
        try state()["requests"] as? [[String: Any]] ?? []
    }

    /// Deletes Discord message `id`, as a person in the channel would.
    public func deleteDiscordMessage(_ id: String) throws { try server.control("delete", #"{"id":"\#(id)"}"#) }

    /// The next Discord message is answered with `id` as its id (a hostile or broken server).
    public func answerNextDiscordMessage(withID id: String) throws {
        let body = try JSONSerialization.data(withJSONObject: ["id": id])
        try server.control("next-id", String(decoding: body, as: UTF8.self))
    }

    /// Waits up to `seconds` until `condition` holds for the state.
    public func waitFor(seconds: Double = eventualSeconds, _ condition: ([String: Any]) -> Bool) -> Bool {
        eventually(within: seconds, every: 0.1) { try condition(state()) }
    }

    public func stop() { server.stop() }
}
