import BreezeTestSupport
import Foundation

/// The project's Open-Meteo-compatible fixture server, started for one test on a random
/// loopback port. It exits when its standard input closes, and `stop()` ends it by its PID.
///
/// Its generated readings do not follow the clock (`Fixtures.openMeteoArguments`).
final class OpenMeteoServer: Sendable {
    private let fixture: PythonServer

    /// `arguments` go to the fixture (e.g. `--require-apikey KEY`).
    init(arguments: [String] = []) throws {
        fixture = try PythonServer(fixture: "open_meteo_server.py", arguments: Fixtures.openMeteoArguments(arguments))
    }

    var port: Int { fixture.port }

    var baseURL: String { fixture.baseURL }

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

    /// A configuration that alerts at once: polls every 15 min without jitter (tests poll with
    /// SIGUSR1 or `--once`), keeps its state in `state`, fires on the first reading over the
    /// band (`ConfirmAfter=1`), and delivers to the `receivers` sections given.
    func alertingConfiguration(cities: [(String, Double, Double)], state: String, receivers: String) throws -> String {
        try configuration(
            cities: cities,
            // The current AQI's crossings alone: past ForecastAt= (16:00 in the fixture's GMT) the
            // fixture's hourly forecast for a high city is a forecast alert too, which the tests
            // of delivery, kills and redirects do not count.
            extra: "PollInterval=15min\nJitter=0\nStateDirectory=\(state)\n[Alert]\nConfirmAfter=1\nForecastThreshold=off\n"
                + receivers)
    }

    /// POSTs a JSON document to `/control/<path>` (with curl, as a test would by hand).
    func control(_ path: String, _ json: String) throws { try fixture.control(path, json) }

    /// The recorded requests to `path`.
    func requests(to path: String) throws -> [[String: Any]] {
        try fixture.recordedRequests().filter { $0["path"] as? String == path }
    }

    /// Ends the server (also done when the last reference goes).
    func stop() { fixture.stop() }
}
