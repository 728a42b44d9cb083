import BreezeHTTP
import BreezeModel
import Foundation
import Testing

@testable import BreezeOpenMeteo

/// The whole client, over `CurlTransport`, against the fixture server and its injected faults.
/// Waits go to the manual clock: retries are instant, and their delays are asserted.
final class FixtureServerTests {
    let fixture: FixtureServer
    let clock = ManualClock()
    let cities = [
        Coordinate(latitude: 52.52, longitude: 13.41), Coordinate(latitude: 48.85, longitude: 2.35),
        Coordinate(latitude: 28.61, longitude: 77.21),
    ]

    init() throws {
        fixture = try FixtureServer()
    }

    deinit { fixture.stop() }

    func client(batchSize: Int = 2, maximumBodySize: Int = 1 << 20, apiKey: String? = nil) -> AirQualityClient {
        let transport = CurlTransport(
            options: .init(
                connectTimeout: .seconds(2), totalTimeout: .milliseconds(800),
                maximumBodySize: maximumBodySize, userAgent: "breezed/0.1.0"))
        return AirQualityClient(
            endpoints: OpenMeteoEndpoints(apiURL: fixture.baseURL, apiKey: apiKey), transport: transport,
            batchSize: batchSize, environment: clock.environment)
    }

    func fetch(_ client: AirQualityClient) -> [Result<CurrentConditions, FetchError>] {
        client.current(for: cities, deadline: clock.deadline(in: .seconds(120)))
    }

    @Test func configuredReadingsComeBackPerCity() throws {
        try fixture.post("readings", ["locations": [
            ["latitude": 48.85, "longitude": 2.35, "current": ["us_aqi": 151, "pm2_5": 60.5, "pm10": NSNull()]],
        ]])
        let results = fetch(client())
        let paris = try results[1].get().reading
        #expect(paris.usAQI == 151)
        #expect(paris.concentrations[.pm2_5] == 60.5)
        #expect(paris.concentrations[.pm10] == nil)
        #expect(try results[0].get().reading.usAQI != nil)
        #expect(try results[2].get().reading.usAQI != nil)
        let first = try #require(fixture.requests().first)
        let headers = (first["headers"] as? [String: String] ?? [:]).reduce(into: [String: String]()) { $0[$1.key.lowercased()] = $1.value }
        #expect(headers["user-agent"] == "breezed/0.1.0")
        #expect(headers["accept-encoding"]?.contains("gzip") == true)
        #expect(first["method"] as? String == "POST")
    }

    @Test func twoThousandFiveHundredCitiesTakeThreePosts() throws {
        let many = BatchingTests.coordinates(2500)
        let results = client(batchSize: 1000).current(for: many, deadline: clock.deadline(in: .seconds(120)))
        #expect(try fixture.airQualityBatchSizes() == [1000, 1000, 500])
        #expect(results.count == 2500)
        #expect(results.allSatisfy { (try? $0.get()) != nil })
    }

    @Test func tooManyRequestsHonoursRetryAfter() throws {
        try fixture.inject([["kind": "status", "status": 429, "retry_after": 5, "count": 1]])
        let results = fetch(client())
        #expect(results.allSatisfy { (try? $0.get()) != nil })
        #expect(clock.sleeps == [.seconds(5)])  // Retry-After, longer than the 2 s backoff
        #expect(try fixture.airQualityBatchSizes() == [2, 2, 1])
    }

    @Test(arguments: [500, 503])
    func serverErrorsAreRetriedThenSucceed(status: Int) throws {
        try fixture.inject([["kind": "status", "status": status, "count": 2]])
        let results = fetch(client())
        #expect(results.allSatisfy { (try? $0.get()) != nil })
        #expect(clock.sleeps == [.seconds(2), .seconds(4)])
    }

    @Test(arguments: [400, 401, 403])
    func clientErrorsArePermanentAndNotRetried(status: Int) throws {
        try fixture.inject([["kind": "status", "status": status, "reason": "Parameter 'current' is invalid", "count": 1]])
        let results = fetch(client())
        let error = try #require(results[0].failureValue)
        #expect(!error.isTransient)
        #expect(error.description.contains("Parameter 'current' is invalid"))
        #expect(clock.sleeps.isEmpty)
        if status == 400 {
            #expect(results[1].failureValue == error)
            #expect(try results[2].get().reading.time.text.isEmpty == false)  // the other batch is unaffected
        }
    }

    @Test(arguments: ["invalid_json", "truncated", "reset"])
    func brokenAnswersAreRetried(kind: String) throws {
        try fixture.inject([["kind": kind, "count": 1]])
        let results = fetch(client())
        #expect(results.allSatisfy { (try? $0.get()) != nil })
        #expect(clock.sleeps == [.seconds(2)])
        #expect(try fixture.airQualityBatchSizes() == [2, 2, 1])
    }

    @Test func aSlowAnswerTimesOutAndIsRetried() throws {
        try fixture.inject([["kind": "delay", "seconds": 2, "count": 1]])
        let results = fetch(client())
        #expect(results.allSatisfy { (try? $0.get()) != nil })
        #expect(clock.sleeps == [.seconds(2)])
    }

    @Test func anOversizedBodyIsAnErrorThenRetried() throws {
        try fixture.inject([["kind": "oversized", "bytes": 4 << 20, "count": 1]])
        let results = fetch(client(maximumBodySize: 1 << 20))
        #expect(results.allSatisfy { (try? $0.get()) != nil })
        #expect(clock.sleeps == [.seconds(2)])
        try fixture.inject([["kind": "oversized", "bytes": 4 << 20, "count": 9]])
        let failed = client(batchSize: 3, maximumBodySize: 1 << 20).current(for: cities, deadline: clock.deadline(in: .seconds(120)))
        #expect(failed[0].failureValue == .transport(.bodyTooLarge(limit: 1 << 20)))
    }

    @Test func aShortArrayFailsOnlyTheLastCity() throws {
        try fixture.inject([["kind": "wrong_length", "count": 1]])
        let results = fetch(client(batchSize: 3))
        #expect(try results[0].get().reading.usAQI != nil)
        #expect(try results[1].get().reading.usAQI != nil)
        #expect(results[2].failureValue == .missingFromResponse(index: 2, received: 2))
    }

    @Test func nullsAreNoData() throws {
        try fixture.inject([["kind": "nulls", "count": 1]])
        let results = fetch(client())
        let nulled = try results[0].get().reading
        #expect(try results[0].get().rejectedValues.isEmpty)
        #expect(nulled.usAQI == nil)
        #expect(nulled.concentrations.isEmpty)
        #expect(try results[2].get().reading.concentrations.count == 6)
    }

    @Test func theKeyGoesToTheServerButNotIntoErrors() throws {
        let key = "fixture-secret-9876"
        try fixture.inject([["kind": "status", "status": 401, "reason": "Key \(key) unknown", "count": 1]])
        let results = fetch(client(apiKey: key))
        let error = try #require(results[0].failureValue)
        #expect(!error.description.contains(key))
        let form = try #require(fixture.requests().first?["form"] as? [String: [String]])
        #expect(form["apikey"] == [key])
    }
}

extension Result {
    var failureValue: Failure? {
        guard case .failure(let error) = self else { return nil }
        return error
    }
}
