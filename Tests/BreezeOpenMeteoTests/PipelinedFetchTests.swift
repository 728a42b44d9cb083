import BreezeConfig
import BreezeHTTP
import BreezeTestSupport
import BreezeVocabulary
import Foundation
import Testing

@testable import BreezeOpenMeteo

/// The batches' requests run on their own queue while the caller converts the batch before
/// (`AirQualityClient.fetch`), against a real loopback server that records when each request
/// started and ended (`Tests/Fixtures/batch_sequence_server.py`).
final class PipelinedFetchTests {
    let server: PythonServer
    let control = CurlTransport(options: .init(userAgent: "breeze-tests"))
    let clock = ManualClock()
    /// Ten cities, five batches of two; city `i` answers `us_aqi` 10 × (i + 1).
    let cities = (0..<10).map { Coordinate(latitude: Double($0 + 1), longitude: Double($0) / 2) }

    init() throws {
        server = try PythonServer(fixture: "batch_sequence_server.py", arguments: ["--hold-seconds", "20"])
    }

    deinit { server.stop() }

    struct Logged {
        var locations: Int
        var latitudes: [Double]
        var start: Int
        var end: Int
        var held: String?
        var inFlight: Int
    }

    func plan(_ actions: [[String: Any]]) throws {
        try post("plan", ["actions": actions])
    }

    func post(_ path: String, _ document: [String: Any]) throws {
        let body = try JSONSerialization.data(withJSONObject: document)
        let response = try control.send(
            HTTPRequest(
                method: .post, url: server.baseURL + "/control/" + path,
                headers: [(name: "Content-Type", value: "application/json")], body: Array(body)))
        #expect(response.status == 200)
    }

    func log() throws -> [Logged] {
        let response = try control.send(.get(server.baseURL + "/control/log"))
        let document = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
        return (document?["requests"] as? [[String: Any]] ?? []).map { entry in
            Logged(
                locations: entry["locations"] as? Int ?? -1, latitudes: entry["latitudes"] as? [Double] ?? [],
                start: entry["start"] as? Int ?? 0, end: entry["end"] as? Int ?? Int.max,
                held: entry["held"] as? String, inFlight: entry["in_flight"] as? Int ?? 0)
        }
    }

    func client(batchSize: Int = 2, apiKey: String? = nil, transport: (any HTTPTransport)? = nil) -> AirQualityClient {
        let curl = CurlTransport(
            options: .init(
                connectTimeout: .seconds(2), totalTimeout: .seconds(30), maximumBodySize: 1 << 20,
                userAgent: "breezed/0.1.0"))
        return AirQualityClient(
            endpoints: OpenMeteoEndpoints(apiURL: server.baseURL, apiKey: apiKey), transport: transport ?? curl,
            batchSize: batchSize, environment: clock.environment)
    }

    /// The AQI of each result, nil for a failure.
    static func aqis(_ results: [Result<PollConditions, FetchError>]) -> [Int?] {
        results.map { try? $0.get().current.reading.usAQI }
    }

    @Test func requestsNeverOverlapAndTheResultsAreTheSerialOnesInOrder() throws {
        let pipelined = client().poll(for: cities, deadline: clock.deadline(in: .seconds(120)))
        // One batch of ten: nothing to overlap with.
        let single = client(batchSize: 10).poll(for: cities, deadline: clock.deadline(in: .seconds(120)))
        #expect(pipelined == single)
        #expect(Self.aqis(pipelined) == (1...10).map { $0 * 10 })
        let requests = try log()
        #expect(requests.map(\.locations) == [2, 2, 2, 2, 2, 10])
        #expect(requests.allSatisfy { $0.inFlight == 1 })
        for (before, after) in zip(requests, requests.dropFirst()) { #expect(before.end <= after.start) }
    }

    @Test func eachBatchIsConvertedWhileTheNextIsOnTheWire() throws {
        // Requests 1…4 are held by the server until released. Converting batch k, the client
        // waits (up to 10 s) to see request k + 1 arrive, then releases it: a client that sent
        // the next request only after converting would never show it, and would leave it held
        // until the server's 20 s ran out.
        try plan([["kind": "ok"]] + Array(repeating: ["kind": "hold"], count: 4))
        var seen: [Int: Bool] = [:]
        let results = client().poll(for: cities, deadline: clock.deadline(in: .seconds(120))) {
            index, conditions in
            let batch = index / 2
            guard index % 2 == 0, batch < 4 else { return conditions }
            seen[batch] = eventually { try self.log().count > batch + 1 }
            try? self.post("release", ["request": batch + 1])
            return conditions
        }
        #expect(seen == [0: true, 1: true, 2: true, 3: true])
        #expect(Self.aqis(results) == (1...10).map { $0 * 10 })
        let requests = try log()
        #expect(requests.map(\.held) == [nil, "released", "released", "released", "released"])
        #expect(requests.allSatisfy { $0.inFlight == 1 })
    }

    @Test func aFailingNextBatchLosesNothingOfThisOneAndRetriesCountAsBefore() throws {
        try plan([
            ["kind": "ok"], ["kind": "status", "status": 503], ["kind": "ok"], ["kind": "garbage"], ["kind": "ok"],
            ["kind": "status", "status": 400], ["kind": "ok"],
        ])
        var counts: [RequestResult: Int] = [:]
        let results = client().poll(for: cities, deadline: clock.deadline(in: .seconds(120)), counted: { counts[$0, default: 0] += 1 })
        #expect(Self.aqis(results) == [10, 20, 30, 40, 50, 60, nil, nil, 90, 100])
        guard case .failure(.badRequest) = results[6] else {
            Issue.record("batch 3 should fail with its 400: \(results[6])")
            return
        }
        #expect(counts == [.ok: 4, .httpError: 2, .badBody: 1])
        #expect(clock.sleeps == [.seconds(2), .seconds(2)])
        // Each retry comes right after its own failure, before the next batch.
        #expect(try log().map { $0.latitudes.first } == [1, 3, 3, 5, 5, 7, 9])
    }

    @Test func aHangingNextBatchTimesOutAloneAndTheOthersComeBack() throws {
        try plan([["kind": "ok"], ["kind": "sleep", "seconds": 3], ["kind": "sleep", "seconds": 3]])
        let curl = CurlTransport(
            options: .init(
                connectTimeout: .seconds(2), totalTimeout: .milliseconds(300), maximumBodySize: 1 << 20,
                userAgent: "breezed/0.1.0"))
        let results = AirQualityClient(
            endpoints: OpenMeteoEndpoints(apiURL: server.baseURL, apiKey: nil), transport: curl, batchSize: 2,
            retryPolicy: RetryPolicy(maximumAttempts: 2), environment: clock.environment
        ).poll(for: cities, deadline: clock.deadline(in: .seconds(120)))
        #expect(Self.aqis(results) == [10, 20, nil, nil, 50, 60, 70, 80, 90, 100])
        guard case .failure(.transport) = results[2] else {
            Issue.record("the hanging batch should time out: \(results[2])")
            return
        }
        #expect(try log().map { $0.latitudes.first } == [1, 3, 3, 5, 7, 9])
    }

    /// A transport on which every transfer takes one second of the manual clock.
    struct SlowWire: HTTPTransport {
        let inner: CurlTransport
        let clock: ManualClock

        func send(_ request: HTTPRequest) throws(HTTPError) -> HTTPResponse {
            defer { clock.advance(by: .seconds(1)) }
            return try inner.send(request)
        }
    }

    @Test func noRequestStartsPastTheDeadline() throws {
        let wire = SlowWire(inner: CurlTransport(options: .init(userAgent: "breezed/0.1.0")), clock: clock)
        let results = client(transport: wire).poll(for: cities, deadline: clock.deadline(in: .milliseconds(2500)))
        #expect(Self.aqis(results) == [10, 20, 30, 40, 50, 60, nil, nil, nil, nil])
        for result in results.suffix(4) {
            guard case .failure(.deadlineExceeded) = result else {
                Issue.record("past the deadline: \(result)")
                continue
            }
        }
        #expect(try log().count == 3)
    }

    @Test func aRefusedKeyStopsTheLaterBatchesAndNeverReachesAnError() throws {
        let key = "sekrit-key-0123456789"
        try plan([["kind": "ok"], ["kind": "status", "status": 401, "echo_key": true]])
        let results = client(apiKey: key).poll(for: cities, deadline: clock.deadline(in: .seconds(120)))
        #expect(Self.aqis(results) == [10, 20, nil, nil, nil, nil, nil, nil, nil, nil])
        for result in results.dropFirst(2) {
            guard case .failure(let error) = result, case .unauthorized = error else {
                Issue.record("refused: \(result)")
                continue
            }
            #expect(!error.description.contains(key))
        }
        #expect(try log().count == 2)
    }
}
