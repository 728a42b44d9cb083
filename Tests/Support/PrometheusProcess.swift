import Foundation

/// Debian's `prometheus` on a free loopback port, its storage in a temporary folder, scraping
/// one target every second. `stop()` ends it by its PID and removes the folder.
public final class PrometheusProcess: @unchecked Sendable {
    public static let binary = "/usr/bin/prometheus"

    public let port: Int
    private let process = Process()
    private let folder: String
    private let logFile: String

    /// Starts one scraping `target` (`127.0.0.1:<port>`) at `metricsPath`, and waits (bounded)
    /// until its API answers.
    public init(target: String, metricsPath: String = "/metrics") throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-prometheus-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let configuration = """
            global:
              scrape_interval: 1s
              scrape_timeout: 1s
              evaluation_interval: 1s
            scrape_configs:
              - job_name: breeze
                metrics_path: \(metricsPath)
                static_configs:
                  - targets: ['\(target)']

            """
        let file = folder + "/prometheus.yml"
        try Data(configuration.utf8).write(to: URL(fileURLWithPath: file))
        logFile = folder + "/prometheus.log"
        _ = FileManager.default.createFile(atPath: logFile, contents: nil)
        port = try AlertmanagerProcess.freePort()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = [
            "--config.file=\(file)", "--storage.tsdb.path=\(folder)/data", "--web.listen-address=127.0.0.1:\(port)",
            "--log.level=warn",
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: logFile))
        try process.run()
        let ready = eventuallyFound(every: 0.1) { () -> Bool? in
            if (try? Processes.curl(baseURL + "/-/ready")) != nil { return true }
            return process.isRunning ? nil : false
        }
        if ready == true { return }
        let log = self.log
        stop()
        throw FixtureFailure(message: "prometheus did not become ready on port \(port): \(log)")
    }

    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// What Prometheus logged (warnings and errors).
    public var log: String { (try? String(contentsOfFile: logFile, encoding: .utf8)) ?? "" }

    /// One sample of an instant query's answer: its labels and value.
    public struct Sample: Sendable, Equatable {
        public var labels: [String: String]
        public var value: String
    }

    /// The instant vector `GET /api/v1/query?query=<expression>` answers now.
    public func query(_ expression: String) throws -> [Sample] {
        var components = URLComponents(string: baseURL + "/api/v1/query")!
        components.queryItems = [URLQueryItem(name: "query", value: expression)]
        // '+' is a space in a query string: escape it, and everything else curl might misread.
        let url = components.url!.absoluteString.replacingOccurrences(of: "+", with: "%2B")
        let text = try Processes.curl(url)
        guard let document = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
            document["status"] as? String == "success", let data = document["data"] as? [String: Any],
            let results = data["result"] as? [[String: Any]]
        else { throw FixtureFailure(message: "prometheus answered \(expression) with \(text)") }
        return results.map { result in
            let value = result["value"] as? [Any]
            return Sample(labels: result["metric"] as? [String: String] ?? [:], value: value?.last as? String ?? "")
        }
    }

    /// Asks `expression` again (every 200 ms, for `eventually`'s time) until the answer
    /// satisfies `accepts`; returns that answer, else the last one. Waits on the API's answer,
    /// never a fixed time.
    public func waitFor(_ expression: String, _ accepts: ([Sample]) -> Bool = { !$0.isEmpty }) throws -> [Sample] {
        let accepted = eventuallyFound(every: 0.2) { () -> [Sample]? in
            let answer = try query(expression)
            return accepts(answer) ? answer : nil
        }
        return try accepted ?? query(expression)
    }

    /// The scrape target's health as `/api/v1/targets` reports it ("up", "down", "unknown")
    /// and its last error.
    public func target() throws -> (health: String, lastError: String) {
        let text = try Processes.curl(baseURL + "/api/v1/targets")
        let document = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        let active = (document?["data"] as? [String: Any])?["activeTargets"] as? [[String: Any]] ?? []
        return (active.first?["health"] as? String ?? "", active.first?["lastError"] as? String ?? "")
    }

    /// Ends this Prometheus (by its PID) and removes its folder.
    public func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGTERM) }
        process.waitUntilExit()
        try? FileManager.default.removeItem(atPath: folder)
    }

    deinit { stop() }
}
