import BreezeHTTP
import BreezeTestSupport
import BreezeModel
import Foundation
import Testing

@testable import BreezeOpenMeteo

struct GeocodingAndArchiveTests {
    let clock = ManualClock()
    let endpoints = OpenMeteoEndpoints(
        apiURL: "http://127.0.0.1:1", geocodingURL: "http://127.0.0.1:2", archiveURL: "http://127.0.0.1:3")

    @Test func searchDecodesResultsWithOptionalFields() throws {
        let body: [String: Any] = [
            "results": [
                [
                    "id": 2_950_159, "name": "Berlin", "latitude": 52.52437, "longitude": 13.41053,
                    "elevation": 74.0, "feature_code": "PPLC", "country_code": "DE",
                    "timezone": "Europe/Berlin", "population": 3_426_354, "country": "Deutschland",
                    "admin1": "Berlin",
                ],
                ["id": 1, "name": "Berlin", "latitude": 44.47, "longitude": -71.18],
                ["id": 2, "latitude": 1.0],
            ]
        ]
        let transport = RecordingTransport(outcomes: [ResponseBodies.ok(body)])
        let client = GeocodingClient(endpoints: endpoints, transport: transport, environment: clock.environment)
        let places = try client.search(name: "Berlin, DE", count: 5, deadline: clock.deadline(in: .seconds(9)))
        #expect(transport.requests.map(\.url) == [
            "http://127.0.0.1:2/v1/search?name=Berlin%2C%20DE&count=5&language=en&format=json",
        ])
        #expect(places.count == 2)
        #expect(places[0] == GeocodedPlace(
            city: City(name: "Berlin", country: "Deutschland", admin1: "Berlin", latitude: 52.52437, longitude: 13.41053, timeZone: "Europe/Berlin"),
            identifier: 2_950_159, countryCode: "DE", population: 3_426_354, featureCode: "PPLC", elevation: 74.0))
        #expect(places[1].city.timeZone == nil && places[1].population == nil)
    }

    /// A server that ignores `count` (20,000 results once took `breezectl search` 46 s).
    @Test(arguments: [(3, 3, "3"), (1, 1, "1"), (0, 1, "1"), (500, 100, "100")])
    func countIsAskedAndAppliedToTheAnswer(count: Int, kept: Int, asked: String) throws {
        let results = (0..<20_000).map { index -> [String: Any] in
            ["name": "Place \(index)", "latitude": 1.0, "longitude": Double(index % 180)]
        }
        let transport = RecordingTransport(outcomes: [ResponseBodies.ok(["results": results])])
        let client = GeocodingClient(endpoints: endpoints, transport: transport, environment: clock.environment)
        let places = try client.search(name: "Place", count: count, deadline: clock.deadline(in: .seconds(9)))
        #expect(places.map(\.city.name) == (0..<kept).map { "Place \($0)" })
        #expect(transport.requests.first?.url.contains("&count=\(asked)&") == true)
    }

    @Test func noResultsKeyMeansNoMatch() throws {
        let transport = RecordingTransport(outcomes: [ResponseBodies.ok(["generationtime_ms": 0.5])])
        let client = GeocodingClient(endpoints: endpoints, transport: transport, environment: clock.environment)
        #expect(try client.search(name: "Xqzzy", deadline: clock.deadline(in: .seconds(9))) == [])
    }

    @Test func searchFailuresAreClassified() {
        let transport = RecordingTransport(outcomes: [.failure(.connectionRefused)])
        let client = GeocodingClient(
            endpoints: endpoints, transport: transport, retryPolicy: RetryPolicy(maximumAttempts: 2),
            environment: clock.environment)
        #expect(throws: FetchError.transport(.connectionRefused)) {
            try client.search(name: "Paris", deadline: clock.deadline(in: .seconds(9)))
        }
        #expect(transport.requests.count == 2)
    }

    @Test func archiveAsksSeveralRangesInOneRequest() throws {
        func range(_ year: Int, _ values: [Any]) -> [String: Any] {
            [
                "latitude": 52.5, "longitude": 13.4, "daily_units": ["time": "iso8601", "temperature_2m_max": "°C"],
                "daily": ["time": ["\(year)-08-20", "\(year)-08-21"], "temperature_2m_max": values],
            ]
        }
        let body = [range(1960, [21.5, NSNull()]), range(2020, [30.1, 29.0])]
        let transport = RecordingTransport(outcomes: [ResponseBodies.ok(body)])
        let client = ArchiveClient(endpoints: endpoints, transport: transport, environment: clock.environment)
        let results = try client.dailyMaximumTemperatures(
            at: Coordinate(latitude: 52.52, longitude: 13.41),
            ranges: [
                DateRange(start: "1960-08-20", end: "1960-08-21"), DateRange(start: "2020-08-20", end: "2020-08-21"),
                DateRange(start: "2024-08-20", end: "2024-08-21"),
            ],
            timeZone: "Europe/Berlin", deadline: clock.deadline(in: .seconds(9)))
        #expect(transport.requests[0].url == "http://127.0.0.1:3/v1/archive?latitude=52.52&longitude=13.41"
            + "&start_date=1960-08-20%2C2020-08-20%2C2024-08-20&end_date=1960-08-21%2C2020-08-21%2C2024-08-21"
            + "&daily=temperature_2m_max&timezone=Europe%2FBerlin")
        #expect(try results[0].get() == [DailyValue(date: "1960-08-20", value: 21.5), DailyValue(date: "1960-08-21", value: nil)])
        #expect(try results[1].get().map(\.value) == [30.1, 29.0])
        #expect(results[2] == .failure(.missingFromResponse(index: 2, received: 2)))
    }
}

/// A 404 names the URL that was asked (without its query) and the setting that chose it.
struct NotFoundTests {
    @Test func a404NamesTheURLAskedAndItsSetting() {
        let clock = ManualClock()
        let endpoints = OpenMeteoEndpoints(apiURL: "http://127.0.0.1:1", archiveURL: "http://127.0.0.1:3/v1/archive", apiKey: "key+with/slash")
        let transport = RecordingTransport(outcomes: [.success(HTTPResponse(status: 404, body: Array("Not Found".utf8)))])
        let client = ArchiveClient(endpoints: endpoints, transport: transport, environment: clock.environment)
        let expected = FetchError.notFound(url: "http://127.0.0.1:3/v1/archive/v1/archive", setting: "ArchiveURL")
        #expect(throws: expected) {
            try client.dailyMaximumTemperatures(
                at: Coordinate(latitude: 52.52, longitude: 13.41), ranges: [DateRange(start: "2024-08-20", end: "2024-08-21")],
                timeZone: "Europe/Berlin", deadline: clock.deadline(in: .seconds(9)))
        }
        // Permanent: asked once.
        #expect(transport.requests.count == 1)
        #expect(!expected.isTransient)
        #expect(expected.description
            == "Open-Meteo answered 404 (not found) for http://127.0.0.1:3/v1/archive/v1/archive: check ArchiveURL= (a base URL, without the /v1/ path)")
    }
}
