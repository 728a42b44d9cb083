import Foundation

/// Tests/Fixtures/smtp_server.py (aiosmtpd, run by /usr/bin/python3) on 127.0.0.1: records
/// each step of each session as a JSON line and each message it takes as a file, in a folder
/// of its own that `stop()` removes.
public final class SMTPServer: Sendable {
    /// How the server behaves (the fixture's `--mode`).
    public enum Mode: String, Sendable {
        case accept
        case tempfailFirst = "tempfail-first"
        case refuseAll = "refuse-all"
        case refuseStartTLS = "refuse-starttls"
        case noStartTLS = "no-starttls"
        case hang
    }

    /// How the session is encrypted.
    public enum Encryption: Sendable {
        /// Plain text only: no STARTTLS offered.
        case none
        /// STARTTLS offered and required before `AUTH` and `MAIL FROM`.
        case startTLS
        /// TLS from the first byte (smtps).
        case implicit
    }

    public let folder: String
    /// The certificate authority the server's certificate chains to: what `CAFile=` names.
    public let caFile: String
    private let server: PythonServer

    /// Starts the server; with `user` and `password`, `AUTH` is required and checked; each
    /// address in `refuse` is answered 550 (the others taken).
    public init(
        mode: Mode = .accept, encryption: Encryption = .startTLS, user: String? = nil, password: String? = nil,
        refuse: [String] = []
    ) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-smtp-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/spool", withIntermediateDirectories: true)
        caFile = folder + "/ca.pem"
        let certificates = try Processes.run(
            URL(fileURLWithPath: "/bin/sh"), [Fixtures.path("smtp_certificates.sh").path, folder])
        guard certificates.status == 0 else {
            throw FixtureFailure(message: "smtp_certificates.sh failed: \(certificates.standardError)")
        }
        var arguments = ["--events", folder + "/events.jsonl", "--spool", folder + "/spool", "--mode", mode.rawValue]
        let pair = [folder + "/server.pem", folder + "/server.key"]
        switch encryption {
        case .none: break
        case .startTLS: arguments += ["--starttls"] + pair
        case .implicit: arguments += ["--implicit-tls"] + pair
        }
        if let user, let password { arguments += ["--user", user, "--password", password] }
        for address in refuse { arguments += ["--refuse", address] }
        server = try PythonServer(fixture: "smtp_server.py", arguments: arguments, interpreter: "/usr/bin/python3")
    }

    public var port: Int { server.port }

    /// Every step recorded so far, in order: `{"event": "connect" | "starttls" | "auth" |
    /// "mail" | "rcpt" | "data" | "mail-command" | "auth-command", …}`.
    public func events() -> [[String: Any]] {
        let text = (try? String(contentsOfFile: folder + "/events.jsonl", encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        }
    }

    /// The steps named `kind`.
    public func events(_ kind: String) -> [[String: Any]] {
        events().filter { $0["event"] as? String == kind }
    }

    /// The files of the messages taken so far, in order.
    public func messageFiles() -> [String] {
        events("data").compactMap { $0["file"] as? String }
    }

    /// Stops the server (and only it) and removes its folder.
    public func stop() {
        server.stop()
        try? FileManager.default.removeItem(atPath: folder)
    }
}
