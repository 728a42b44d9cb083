import BreezeHTTP
import BreezeTestSupport
import BreezeModel
import Foundation
import Testing

@testable import BreezeOpenMeteo

/// Both response shapes, nulls, units and per-location failures, through the fake transport.
struct AirQualityDecodingTests {
    let clock = ManualClock()
    let berlin = Coordinate(latitude: 52.52, longitude: 13.41)
    let paris = Coordinate(latitude: 48.85, longitude: 2.35)
    let delhi = Coordinate(latitude: 28.61, longitude: 77.21)

    func fetch(
        _ coordinates: [Coordinate], answer: Any, includePollen: Bool = false
    ) -> [Result<CurrentConditions, FetchError>] {
        let client = AirQualityClient(
            endpoints: OpenMeteoEndpoints(apiURL: "http://127.0.0.1:1"),
            transport: RecordingTransport(outcomes: [ResponseBodies.ok(answer)]),
            environment: clock.environment)
        return client.current(for: coordinates, includePollen: includePollen, deadline: clock.deadline(in: .seconds(60)))
    }

    @Test func oneLocationComesAsAnObject() throws {
        let results = fetch([berlin], answer: ResponseBodies.element(latitude: 52.5, longitude: 13.4))
        let conditions = try #require(try results.first?.get())
        #expect(results.count == 1)
        #expect(conditions.reading.time == "2026-08-20T14:00")
        #expect(conditions.reading.usAQI == 42)
        #expect(conditions.reading.concentrations == [
            .pm10: 9.8, .pm2_5: 6.1, .co: 180.0, .no2: 12.3, .so2: 1.9, .o3: 71.0,
        ])
        #expect(conditions.rejectedValues.isEmpty)
    }

    @Test func severalLocationsComeAsAnArrayMatchedByPosition() throws {
        let answer = [
            ResponseBodies.element(latitude: 52.5, longitude: 13.4, aqi: 10),
            ResponseBodies.element(latitude: 48.9, longitude: 2.3, aqi: 20),
            ResponseBodies.element(latitude: 28.6, longitude: 77.2, aqi: 180),
        ]
        let results = fetch([berlin, paris, delhi], answer: answer)
        #expect(try results.map { try $0.get().reading.usAQI } == [10, 20, 180])
    }

    @Test func nullIsNoDataNeverZero() throws {
        let answer = ResponseBodies.element(
            latitude: 52.5, longitude: 13.4, aqi: NSNull(), values: ["pm10": NSNull(), "ozone": 0.0])
        let conditions = try #require(try fetch([berlin], answer: answer).first?.get())
        let reading = conditions.reading
        #expect(conditions.rejectedValues.isEmpty)
        #expect(reading.usAQI == nil)
        #expect(reading.concentrations[.pm10] == nil)
        #expect(reading.concentrations[.o3] == 0.0)
        #expect(reading.concentrations[.pm2_5] == 6.1)
    }

    @Test func aWrongUnitRejectsThatValueOnly() throws {
        let answer = ResponseBodies.element(
            latitude: 52.5, longitude: 13.4, units: ["pm10": "ppm", "ozone": "\u{00B5}g/m\u{00B3}"])
        let conditions = try #require(try fetch([berlin], answer: answer).first?.get())
        #expect(conditions.reading.concentrations[.pm10] == nil)
        #expect(conditions.reading.concentrations[.o3] == 71.0)
        #expect(conditions.rejectedValues == ["pm10 came in 'ppm', expected '\u{03BC}g/m\u{00B3}'"])
    }

    @Test func aMissingUnitOrANonNumberRejectsThatValue() throws {
        var answer = ResponseBodies.element(latitude: 52.5, longitude: 13.4, values: ["pm2_5": "high"])
        var units = answer["current_units"] as! [String: String]
        units["nitrogen_dioxide"] = nil
        answer["current_units"] = units
        let conditions = try #require(try fetch([berlin], answer: answer).first?.get())
        #expect(conditions.reading.concentrations[.pm2_5] == nil)
        #expect(conditions.reading.concentrations[.no2] == nil)
        #expect(conditions.reading.concentrations[.so2] == 1.9)
        #expect(conditions.rejectedValues.sorted() == ["no unit given for nitrogen_dioxide", "pm2_5 is not a number"])
    }

    @Test func pollenIsDecodedWhenAsked() throws {
        var answer = ResponseBodies.element(latitude: 52.5, longitude: 13.4, values: ["birch_pollen": 12.0, "grass_pollen": NSNull()])
        var units = answer["current_units"] as! [String: String]
        units["birch_pollen"] = "grains/m\u{00B3}"
        units["grass_pollen"] = "grains/m\u{00B3}"
        answer["current_units"] = units
        let conditions = try #require(try fetch([berlin], answer: answer, includePollen: true).first?.get())
        #expect(conditions.pollen == [.birch: 12.0])
    }

    @Test func aShortArrayFailsOnlyTheMissingLocations() throws {
        let answer = [
            ResponseBodies.element(latitude: 52.5, longitude: 13.4, aqi: 10),
            ResponseBodies.element(latitude: 48.9, longitude: 2.3, aqi: 20),
        ]
        let results = fetch([berlin, paris, delhi], answer: answer)
        #expect(try results[0].get().reading.usAQI == 10)
        #expect(try results[1].get().reading.usAQI == 20)
        #expect(throws: FetchError.missingFromResponse(index: 2, received: 2)) { try results[2].get() }
        #expect(clock.sleeps.isEmpty)
    }

    @Test func aBadElementFailsOnlyItsLocation() throws {
        let answer: [Any] = [
            ResponseBodies.element(latitude: 52.5, longitude: 13.4, aqi: 10),
            "not an object",
            ["latitude": 28.6, "longitude": 77.2],
        ]
        let results = fetch([berlin, paris, delhi], answer: answer)
        #expect(try results[0].get().reading.usAQI == 10)
        #expect(throws: FetchError.self) { try results[1].get() }
        #expect(throws: FetchError.invalidLocation("no 'current' object")) { try results[2].get() }
    }

    @Test func anElementForAnotherPlaceIsRejected() throws {
        // Paris's element is missing, so Delhi's slid into its position.
        let answer = [
            ResponseBodies.element(latitude: 52.5, longitude: 13.4, aqi: 10),
            ResponseBodies.element(latitude: 28.6, longitude: 77.2, aqi: 180),
        ]
        let results = fetch([berlin, paris, delhi], answer: answer)
        #expect(throws: FetchError.invalidLocation("answers for 28.6,77.2, not 48.85,2.35")) {
            try results[1].get()
        }
        #expect(throws: FetchError.missingFromResponse(index: 2, received: 2)) { try results[2].get() }
    }

    @Test(arguments: ["{\"latitude\": 52.5, \"current\": {", "<html>oops</html>", ""])
    func anUnparsableBodyIsTransient(body: String) throws {
        let client = AirQualityClient(
            endpoints: OpenMeteoEndpoints(apiURL: "http://127.0.0.1:1"),
            transport: RecordingTransport(outcomes: [.success(HTTPResponse(status: 200, body: Array(body.utf8)))]),
            retryPolicy: RetryPolicy(maximumAttempts: 1), environment: clock.environment)
        let result = client.current(for: [berlin], deadline: clock.deadline(in: .seconds(60)))[0]
        #expect {
            try result.get()
        } throws: { error in
            guard case .unparsableBody = error as? FetchError else { return false }
            return (error as! FetchError).isTransient
        }
    }
}
