import Foundation

/// A Python HTTP server on 127.0.0.1 started for one test: it prints `PORT <n>` first and
/// exits when its standard input closes, so it cannot outlive the test process; `stop()`
/// also signals its PID.
public final class PythonServer: @unchecked Sendable {
    public let port: Int
    private let process = Process()
    private let input = Pipe()

    /// Runs `python3 script --port 0 arguments…` and waits for its port. `interpreter` is
    /// `python3` on the PATH unless given (`/usr/bin/python3` sees Debian's python3-* modules).
    public init(script: URL, arguments: [String] = [], interpreter: String? = nil) throws {
        process.executableURL = URL(fileURLWithPath: interpreter ?? "/usr/bin/env")
        process.arguments = (interpreter == nil ? ["python3"] : []) + [script.path, "--port", "0"] + arguments
        process.environment = Processes.childEnvironment
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
        guard text.hasPrefix("PORT "), let port = Int(text.dropFirst(5).prefix(while: { $0.isNumber })) else {
            process.terminate()
            throw FixtureFailure(message: "\(script.lastPathComponent) did not report its port: \(text)")
        }
        self.port = port
    }

    /// Runs a fixture from Tests/Fixtures by name.
    public convenience init(fixture name: String, arguments: [String] = [], interpreter: String? = nil) throws {
        try self.init(script: Fixtures.path(name), arguments: arguments, interpreter: interpreter)
    }

    /// Runs an inline Python script written to a temporary file.
    public convenience init(source: String) throws {
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("breeze-test-server-\(UUID().uuidString).py")
        try Data(source.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        try self.init(script: file)
    }

    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// POSTs a JSON document to `/control/<path>` of a fixture's control API.
    public func control(_ path: String, _ json: String) throws {
        _ = try Processes.curl("\(baseURL)/control/\(path)", json: json)
    }

    /// Every request the fixture recorded (`GET /control/requests`), in order.
    public func recordedRequests() throws -> [[String: Any]] {
        let text = try Processes.curl("\(baseURL)/control/requests")
        let document = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        return document?["requests"] as? [[String: Any]] ?? []
    }

    /// Stops this server (and only it): closes its input, signals its PID, waits for it.
    public func stop() {
        try? input.fileHandleForWriting.close()
        if process.isRunning { kill(process.processIdentifier, SIGTERM) }
        process.waitUntilExit()
    }

    deinit { stop() }
}

/// Files under Tests/Fixtures.
public enum Fixtures {
    /// The repository's root, found from this source file's path.
    public static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `Tests/Fixtures/<name>`.
    public static func path(_ name: String) -> URL {
        repositoryRoot.appendingPathComponent("Tests/Fixtures").appendingPathComponent(name)
    }

    /// The hour of the day `open_meteo_server.py` generates every hour as, in the tests
    /// (`--hour-of-day`): 11:00 UTC, when every city the tests name reads under 101 (Paris 84,
    /// Paris at 48.85, 2.35 96, Berlin 99, Tokyo 48), so none alerts unless its test sets
    /// readings that do. With the generator's clock, Paris read 105 at 02:45 UTC and fired an
    /// alert its test never asked for.
    public static let openMeteoHourOfDay = 11

    /// `arguments` for `open_meteo_server.py`, with `--hour-of-day openMeteoHourOfDay` first
    /// unless they name an hour: the generated readings then do not change with the clock.
    public static func openMeteoArguments(_ arguments: [String] = []) -> [String] {
        (arguments.contains("--hour-of-day") ? [] : ["--hour-of-day", String(openMeteoHourOfDay)]) + arguments
    }
}
