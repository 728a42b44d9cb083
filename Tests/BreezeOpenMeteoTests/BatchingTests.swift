import BreezeHTTP
import BreezeTestSupport
import Foundation
import Testing

@testable import BreezeOpenMeteo

/// Batches of at most 1000 locations, sent in order, each failing only its own locations.
struct BatchingTests {
    let clock = ManualClock()

    /// Answers every POST with one element per requested coordinate, AQI = batch number.
    static func echoing(statusForBatch: @escaping @Sendable (Int) -> Int = { _ in 200 }) -> RecordingTransport {
        RecordingTransport { request, index in
            let form = ResponseBodies.form(request)
            let latitudes = form["latitude"]!.split(separator: ",").map { Double($0)! }
            let longitudes = form["longitude"]!.split(separator: ",").map { Double($0)! }
            let status = statusForBatch(index)
            guard status == 200 else { return ResponseBodies.error(status, reason: "batch \(index) refused") }
            let elements = zip(latitudes, longitudes).map { latitude, longitude in
                ResponseBodies.element(latitude: latitude, longitude: longitude, aqi: index)
            }
            return ResponseBodies.ok(elements.count == 1 ? elements[0] as Any : elements as Any)
        }
    }

    static func coordinates(_ count: Int) -> [Coordinate] {
        (0..<count).map { index in
            Coordinate(latitude: -60 + Double(index % 1200) * 0.1, longitude: -170 + Double(index / 1200) * 10)
        }
    }

    @Test func twoThousandFiveHundredCitiesTakeThreePostsInOrder() throws {
        let transport = Self.echoing()
        let client = AirQualityClient(
            endpoints: OpenMeteoEndpoints(apiURL: "http://127.0.0.1:8080/"), transport: transport,
            environment: clock.environment)
        let coordinates = Self.coordinates(2500)
        let results = client.current(for: coordinates, deadline: clock.deadline(in: .seconds(60)))
        let requests = transport.requests
        #expect(requests.map(\.method) == [.post, .post, .post])
        #expect(requests.allSatisfy { $0.url == "http://127.0.0.1:8080/v1/air-quality" })
        let forms = requests.map(ResponseBodies.form)
        #expect(forms.map { $0["latitude"]!.split(separator: ",").count } == [1000, 1000, 500])
        #expect(forms[1]["latitude"]!.split(separator: ",").first.map(String.init) == Coordinate.format(coordinates[1000].latitude))
        #expect(forms[0]["current"] == "us_aqi,pm2_5,pm10,nitrogen_dioxide,sulphur_dioxide,ozone,carbon_monoxide")
        #expect(forms[0]["apikey"] == nil)
        #expect(results.count == 2500)
        #expect(try results.map { try $0.get().reading.usAQI! } == Array(repeating: 0, count: 1000) + Array(repeating: 1, count: 1000) + Array(repeating: 2, count: 500))
    }

    @Test func batchSizeIsInjectableAndPollenIsAsked() {
        let transport = Self.echoing()
        let client = AirQualityClient(
            endpoints: OpenMeteoEndpoints(apiURL: "http://127.0.0.1:1"), transport: transport,
            batchSize: 2, environment: clock.environment)
        _ = client.current(for: Self.coordinates(5), includePollen: true, deadline: clock.deadline(in: .seconds(60)))
        let forms = transport.requests.map(ResponseBodies.form)
        #expect(forms.map { $0["longitude"]!.split(separator: ",").count } == [2, 2, 1])
        #expect(forms[0]["current"]!.hasSuffix(",alder_pollen,birch_pollen,grass_pollen,mugwort_pollen,olive_pollen,ragweed_pollen"))
    }

    @Test func aFailedBatchFailsOnlyItsCities() throws {
        let transport = Self.echoing(statusForBatch: { $0 == 1 ? 400 : 200 })
        let client = AirQualityClient(
            endpoints: OpenMeteoEndpoints(apiURL: "http://127.0.0.1:1"), transport: transport,
            batchSize: 2, environment: clock.environment)
        let results = client.current(for: Self.coordinates(5), deadline: clock.deadline(in: .seconds(60)))
        #expect(transport.requests.count == 3)
        #expect(try results[0].get().reading.usAQI == 0)
        #expect(results[2] == .failure(.badRequest(reason: "batch 1 refused")))
        #expect(results[3] == .failure(.badRequest(reason: "batch 1 refused")))
        #expect(try results[4].get().reading.usAQI == 2)
    }

    @Test func aRefusedKeyStopsTheLaterBatches() {
        let transport = Self.echoing(statusForBatch: { _ in 401 })
        let client = AirQualityClient(
            endpoints: OpenMeteoEndpoints(apiURL: "http://127.0.0.1:1", apiKey: "k"), transport: transport,
            batchSize: 2, environment: clock.environment)
        let results = client.current(for: Self.coordinates(5), deadline: clock.deadline(in: .seconds(60)))
        #expect(transport.requests.count == 1)
        #expect(results.allSatisfy { $0 == .failure(.unauthorized(status: 401, reason: "batch 0 refused")) })
    }

    @Test func hourlySeriesAreRequestedAndDecoded() throws {
        let mu = ResponseBodies.mu
        let element: [String: Any] = [
            "latitude": 52.5, "longitude": 13.4,
            "hourly_units": ["time": "iso8601", "us_aqi": "USAQI", "pm2_5": mu, "pm10": mu, "ozone": "ppb"],
            "hourly": [
                "time": ["2026-08-20T00:00", "2026-08-20T01:00", "2026-08-20T02:00"],
                "us_aqi": [40, NSNull(), 44], "pm2_5": [5.0, 6.5, NSNull()], "pm10": [1.0, 2.0],
                "ozone": [60.0, 61.0, 62.0],
            ],
        ]
        let transport = RecordingTransport(outcomes: [ResponseBodies.ok(element)])
        let client = AirQualityClient(
            endpoints: OpenMeteoEndpoints(apiURL: "http://127.0.0.1:1"), transport: transport,
            environment: clock.environment)
        let series = try client.hourly(
            for: [Coordinate(latitude: 52.52, longitude: 13.41)], pastDays: 1, forecastDays: 2,
            deadline: clock.deadline(in: .seconds(60)))[0].get()
        let form = ResponseBodies.form(transport.requests[0])
        #expect(form["past_days"] == "1" && form["forecast_days"] == "2")
        #expect(form["hourly"]?.hasPrefix("us_aqi,pm2_5") == true)
        #expect(series.times.count == 3)
        #expect(series.usAQI == [40, nil, 44])
        #expect(series.concentrations == [.pm2_5: [5.0, 6.5, nil]])
        #expect(series.rejectedValues.sorted() == [
            "ozone came in 'ppb', expected '\u{03BC}g/m\u{00B3}'", "pm10 has 2 values for 3 hours",
        ])
    }
}
