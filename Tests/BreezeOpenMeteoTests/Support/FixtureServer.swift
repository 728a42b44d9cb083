import BreezeHTTP
import BreezeTestSupport
import Foundation

/// The project's Open-Meteo-compatible server (`Tests/Fixtures/open_meteo_server.py`), started
/// for one test, with helpers for its control API.
final class FixtureServer: Sendable {
    let server: PythonServer
    private let control = CurlTransport(options: .init(userAgent: "breeze-tests"))

    init() throws {
        server = try PythonServer(fixture: "open_meteo_server.py", arguments: Fixtures.openMeteoArguments())
    }

    var baseURL: String { server.baseURL }

    func stop() { server.stop() }

    /// POSTs `document` to `/control/<path>`.
    func post(_ path: String, _ document: [String: Any]) throws {
        let body = try JSONSerialization.data(withJSONObject: document)
        let response = try control.send(
            HTTPRequest(
                method: .post, url: baseURL + "/control/" + path,
                headers: [(name: "Content-Type", value: "application/json")], body: Array(body)))
        guard response.status == 200 else {
            throw ControlFailure(message: String(decoding: response.body, as: UTF8.self))
        }
    }

    /// Queues faults: each `[kind, …]` applies to the next matching request(s).
    func inject(_ faults: [[String: Any]]) throws {
        try post("faults", ["faults": faults.map { fault in
            var fault = fault
            if fault["path"] == nil { fault["path"] = "/v1/air-quality" }
            return fault
        }])
    }

    /// Every request the server received, as it recorded them.
    func requests() throws -> [[String: Any]] {
        let response = try control.send(.get(baseURL + "/control/requests"))
        let document = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
        return document?["requests"] as? [[String: Any]] ?? []
    }

    /// The requests to `/v1/air-quality`, each as the number of latitudes in its form.
    func airQualityBatchSizes() throws -> [Int] {
        try requests().filter { $0["path"] as? String == "/v1/air-quality" }.map { request in
            let form = request["form"] as? [String: [String]] ?? [:]
            return form["latitude"]?.last?.split(separator: ",").count ?? 0
        }
    }
}

struct ControlFailure: Error {
    var message: String
}
