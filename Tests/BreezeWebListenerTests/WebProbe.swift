import BreezeTestSupport
import Foundation

/// Runs Tests/Fixtures/web_probe.py (raw-socket requests, a slow client, a flood) and
/// decodes its one JSON line.
enum WebProbe {
    static func run(_ arguments: [String]) throws -> [String: Any] {
        let result = try Processes.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", Fixtures.path("web_probe.py").path] + arguments)
        guard result.status == 0,
            let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
        else { throw FixtureFailure(message: "web_probe \(arguments): \(result.standardError)") }
        return object
    }

    /// One request; `status` nil when the connection closed unanswered.
    static func request(
        host: String = "127.0.0.1", port: Int, method: String = "GET", target: String, headerBytes: Int = 0
    ) throws -> Answer {
        let object = try run(["request", host, String(port), method, target, "--header-bytes", String(headerBytes)])
        return Answer(
            status: object["status"] as? Int, headers: object["headers"] as? [String: String] ?? [:],
            bodyLength: object["body_length"] as? Int ?? 0, body: object["body"] as? String ?? "")
    }

    struct Answer {
        var status: Int?
        var headers: [String: String]
        var bodyLength: Int
        var body: String
    }
}

/// This process's resident set in KiB (`VmRSS` of /proc/self/status).
func residentKilobytes() -> Int {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
    return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
}
