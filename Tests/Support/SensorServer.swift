import Foundation

/// Tests/Fixtures/sensor_server.py: PurpleAir, AirGradient, sensor.community and AirNow answers
/// from published captures, the faults a device shows (a hang, a redirect, 10 MB, HTML), and a
/// control API to set what a path answers next and to count the requests to it.
public final class SensorServer: Sendable {
    private let server: PythonServer

    /// Starts the server (the `python3` on the PATH, as the other fixtures) and waits for its port.
    public init() throws {
        server = try PythonServer(fixture: "sensor_server.py")
    }

    public var port: Int { server.port }
    public var baseURL: String { server.baseURL }

    /// The URL of `path` (`/purpleair/dual/json`).
    public func url(_ path: String) -> String { baseURL + path }

    /// From now on `path` answers `body` with `status` and `contentType` (any path, new or not;
    /// `{API_KEY}` in `body` becomes the key a request sends).
    public func set(_ path: String, body: String, status: Int = 200, contentType: String = "application/json") throws {
        let type = contentType.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? contentType
        _ = try Processes.curl("\(baseURL)/control/set\(path)?status=\(status)&content_type=\(type)", json: body)
    }

    /// The requests to `path` so far, its query not counted.
    public func count(_ path: String) throws -> Int {
        let text = try Processes.curl("\(baseURL)/control/count\(path)")
        let document = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        guard let count = document?["count"] as? Int else { throw FixtureFailure(message: "count \(path): \(text)") }
        return count
    }

    /// The path and query of each request to `path` so far, as sent, in order.
    public func requests(_ path: String) throws -> [String] {
        let text = try Processes.curl("\(baseURL)/control/requests\(path)")
        let document = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        guard let requests = document?["requests"] as? [String] else {
            throw FixtureFailure(message: "requests \(path): \(text)")
        }
        return requests
    }

    /// Clears the counts, the requests and every `set` answer.
    public func reset() throws { _ = try Processes.curl("\(baseURL)/control/reset", json: "{}") }

    /// Stops the server by its PID.
    public func stop() { server.stop() }
}
