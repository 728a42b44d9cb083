import Foundation

/// The project's Open-Meteo-compatible fixture server, started for one test on a random
/// loopback port. It exits when its standard input closes, and `stop()` ends it by its PID.
final class OpenMeteoServer: @unchecked Sendable {
    let port: Int
    private let process = Process()
    private let input = Pipe()

    init() throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Binaries.fixture("open_meteo_server.py").path, "--port", "0"]
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
            throw ServerFailure(message: "the fixture server did not report its port: \(text)")
        }
        self.port = port
    }

    var baseURL: String { "http://127.0.0.1:\(port)" }

    /// A configuration file pointing every Open-Meteo URL at this server, with `cities`
    /// as (name, latitude, longitude); removed with the test's temporary folder.
    func configuration(cities: [(String, Double, Double)], extra: String = "") throws -> String {
        var text = "[Breeze]\nApiURL=\(baseURL)\nGeocodingURL=\(baseURL)\nArchiveURL=\(baseURL)\nTimeout=5s\n\(extra)\n"
        for (name, latitude, longitude) in cities {
            text += "[City \"\(name)\"]\nLatitude=\(latitude)\nLongitude=\(longitude)\n\n"
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("breezed.conf")
        try Data(text.utf8).write(to: file)
        return file.path
    }

    /// POSTs a JSON document to `/control/<path>` (with curl, as a test would by hand).
    func control(_ path: String, _ json: String) throws {
        let result = try Binaries.run(
            URL(fileURLWithPath: "/usr/bin/curl"),
            ["-sS", "--fail", "-X", "POST", "-H", "Content-Type: application/json", "--data-binary", "@-",
             "\(baseURL)/control/\(path)"],
            input: json)
        guard result.status == 0 else {
            throw ServerFailure(message: "control \(path) failed: \(result.standardError)")
        }
    }

    /// The recorded requests to `path`.
    func requests(to path: String) throws -> [[String: Any]] {
        let result = try Binaries.run(URL(fileURLWithPath: "/usr/bin/curl"), ["-sS", "\(baseURL)/control/requests"])
        let document = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
        let all = document?["requests"] as? [[String: Any]] ?? []
        return all.filter { $0["path"] as? String == path }
    }

    /// Ends the server: closes its input, then signals its PID if it is still running.
    func stop() {
        try? input.fileHandleForWriting.close()
        if process.isRunning { kill(process.processIdentifier, SIGTERM) }
        process.waitUntilExit()
    }

    deinit { stop() }
}

struct ServerFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
