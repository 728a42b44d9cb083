import BreezeHTTP
import BreezeTestSupport
import BreezeModel
import Testing

@testable import BreezeOpenMeteo

/// Numbers no integer holds, off the AQI scale, negative or not numbers at all: each is no data
/// with its reason, never a trap (issue 11: `"us_aqi": 1e19` killed breezed and breezectl now).
struct ImplausibleValueTests {
    let clock = ManualClock()
    let berlin = Coordinate(latitude: 52.52, longitude: 13.41)

    /// A one-location body with `current` values written as raw JSON text (`1e19`, `-5`).
    func body(_ values: [(String, String)], latitude: String = "52.5") -> [UInt8] {
        let current = (["\"time\":\"2026-08-20T14:00\""] + values.map { "\"\($0.0)\":\($0.1)" })
            .joined(separator: ",")
        let units = (["\"time\":\"iso8601\""] + values.map { name, _ in
            "\"\(name)\":\"\(name.hasPrefix("us_aqi") ? "USAQI" : ResponseBodies.mu)\""
        }).joined(separator: ",")
        return Array("""
            {"latitude":\(latitude),"longitude":13.4,"current_units":{\(units)},"current":{\(current)}}
            """.utf8)
    }

    func current(_ body: [UInt8]) -> Result<CurrentConditions, FetchError> {
        let client = AirQualityClient(
            endpoints: OpenMeteoEndpoints(apiURL: "http://127.0.0.1:1"),
            transport: RecordingTransport(outcomes: [.success(HTTPResponse(status: 200, headers: [:], body: body))]),
            environment: clock.environment)
        let results = client.current(for: [berlin], includeSubIndices: true, deadline: clock.deadline(in: .seconds(60)))
        return results.first ?? .failure(.invalidLocation("no result"))
    }

    @Test(arguments: [
        ("1e19", "us_aqi 1e+19 is beyond the AQI scale (0–500)"),
        ("1e300", "us_aqi 1e+300 is beyond the AQI scale (0–500)"),
        ("10000", "us_aqi 10000 is beyond the AQI scale (0–500)"),
        ("500.6", "us_aqi 500.6 is beyond the AQI scale (0–500)"),
        ("-5", "us_aqi -5 is negative"),
        ("1e400", "us_aqi is not a number"),
    ])
    func anAQIOffTheScaleIsNoDataWithItsReason(text: String, reason: String) throws {
        let conditions = try current(body([("us_aqi", text), ("pm2_5", "6.1")])).get()
        #expect(conditions.reading.usAQI == nil)
        #expect(conditions.reading.concentrations[.pm2_5] == 6.1)
        #expect(conditions.rejectedValues == [reason])
        #expect(conditions.reading.droppedValues == [reason])
    }

    @Test func theTopOfTheScaleIsStillAnAQI() throws {
        let conditions = try current(body([("us_aqi", "500.4"), ("us_aqi_pm10", "0")])).get()
        #expect(conditions.reading.usAQI == 500)
        #expect(conditions.reading.subIndices[.pm10] == 0)
        #expect(conditions.rejectedValues.isEmpty)
    }

    @Test func aSubIndexOffTheScaleIsDroppedAndDoesNotDominate() throws {
        let conditions = try current(
            body([("us_aqi", "80"), ("us_aqi_pm10", "1e300"), ("us_aqi_pm2_5", "80"), ("us_aqi_ozone", "-3")])
        ).get()
        #expect(conditions.reading.usAQI == 80)
        #expect(conditions.reading.subIndices == [.pm2_5: 80])
        #expect(conditions.reading.dominantPollutant == .pm2_5)
        #expect(conditions.rejectedValues.sorted() == [
            "us_aqi_ozone -3 is negative", "us_aqi_pm10 1e+300 is beyond the AQI scale (0–500)",
        ])
    }

    @Test func aNegativeConcentrationIsNoData() throws {
        let conditions = try current(body([("us_aqi", "20"), ("pm10", "-2.5"), ("ozone", "1e300")])).get()
        #expect(conditions.reading.concentrations[.pm10] == nil)
        // Above 10⁹ µg/m³ (1 kg/m³) is no air: dropped and named like the negative one, never
        // a value for the pollutant limits to fire on.
        #expect(conditions.reading.concentrations[.o3] == nil)
        #expect(conditions.rejectedValues == ["pm10 -2.5 is negative", "ozone 1e+300 is above 10⁹, more than air can hold"])
    }

    @Test func aPositionNoPlaceHasIsAnErrorNotATrap() {
        let outcome = current(body([("us_aqi", "20")], latitude: "1e300"))
        guard case .failure(let error) = outcome else {
            Issue.record("a latitude of 1e300 was accepted")
            return
        }
        #expect(error.description.contains("1e+300"))
    }

    @Test func hourlyValuesOffTheScaleAreHoursWithoutData() throws {
        let body = Array("""
            {"latitude":52.5,"longitude":13.4,"hourly_units":{"time":"iso8601","us_aqi":"USAQI","pm10":"\(ResponseBodies.mu)"},
             "hourly":{"time":["a","b","c","d"],"us_aqi":[12,1e19,-5,20000],"pm10":[1,-1,2,3]}}
            """.utf8)
        let client = AirQualityClient(
            endpoints: OpenMeteoEndpoints(apiURL: "http://127.0.0.1:1"),
            transport: RecordingTransport(outcomes: [.success(HTTPResponse(status: 200, headers: [:], body: body))]),
            environment: clock.environment)
        let series = try #require(
            client.hourly(for: [berlin], pastDays: 0, forecastDays: 1, deadline: clock.deadline(in: .seconds(60))).first
        ).get()
        #expect(series.usAQI == [12, nil, nil, nil])
        #expect(series.concentrations[.pm10] == [1, nil, 2, 3])
        #expect(series.rejectedValues.sorted() == [
            "pm10 -1 is negative", "us_aqi 1e+19 is beyond the AQI scale (0–500), and 2 more hours",
        ])
    }
}

/// The rules themselves, at their edges.
struct ReportedValueTests {
    @Test func conversionsNeverTrap() {
        #expect(Int(roundingChecked: 1e19) == nil)
        #expect(Int(roundingChecked: -1e19) == nil)
        #expect(Int(roundingChecked: .nan) == nil)
        #expect(Int(roundingChecked: .infinity) == nil)
        #expect(Int(roundingChecked: 9.223372036854775e18) == 9_223_372_036_854_774_784)
        #expect(Int(roundingChecked: -2.5) == -3)
        #expect(Int(nanosecondsClamping: 1e300) == .max)
        #expect(Int(nanosecondsClamping: .nan) == 0)
        #expect(Int(nanosecondsClamping: -1) == 0)
        #expect(Int(nanosecondsClamping: 1.5) == 1_500_000_000)
    }

    @Test func theScaleEndsAt500() {
        #expect(ReportedValue.aqi(500.49, variable: "x") == .success(500))
        #expect(ReportedValue.aqi(0, variable: "x") == .success(0))
        #expect(ReportedValue.aqi(-0.0, variable: "x") == .success(0))
        #expect(ReportedValue.aqi(.nan, variable: "x") == .failure(DroppedValue("x is not a number")))
    }

    @Test func coordinatesNoPlaceHasAreWrittenWithoutConverting() {
        #expect(Coordinate.format(1e300) == "1e+300")
        #expect(Coordinate.format(-.infinity) == "-inf")
        #expect(Coordinate.format(52.52) == "52.52")
    }
}

/// A server's `Retry-After` of 2^63-1 seconds is a wait past the deadline, not an overflow.
struct HugeRetryAfterTests {
    @Test func theLargestRetryAfterGivesUpAtTheDeadline() {
        let clock = ManualClock()
        let tooMany = Result<HTTPResponse, HTTPError>.success(
            HTTPResponse(status: 429, headers: ["Retry-After": "9223372036854775807"], body: Array(#"{"error":true,"reason":"slow down"}"#.utf8)))
        let transport = RecordingTransport(outcomes: [tooMany, tooMany])
        let client = AirQualityClient(
            endpoints: OpenMeteoEndpoints(apiURL: "http://127.0.0.1:1"), transport: transport,
            environment: clock.environment)
        let result = client.current(for: [Coordinate(latitude: 52.52, longitude: 13.41)], deadline: clock.deadline(in: .seconds(60)))
        guard case .failure = result.first else {
            Issue.record("a 429 was taken as data")
            return
        }
        #expect(transport.requests.count == 1)
        #expect(clock.sleeps.allSatisfy { $0 <= .seconds(60) })
    }
}

/// A geocoded place off the globe is skipped, never written into a drop-in.
struct GeocodedPlaceRangeTests {
    @Test func placesOffTheGlobeAreSkipped() throws {
        let clock = ManualClock()
        let body = Array("""
            {"results":[{"id":1,"name":"Nowhere","latitude":1e300,"longitude":2},
                        {"id":2,"name":"Overflow","latitude":45,"longitude":-181},
                        {"id":3,"name":"Berlin","latitude":52.52,"longitude":13.41}]}
            """.utf8)
        let client = GeocodingClient(
            endpoints: OpenMeteoEndpoints(apiURL: "http://127.0.0.1:1", geocodingURL: "http://127.0.0.1:2"),
            transport: RecordingTransport(outcomes: [.success(HTTPResponse(status: 200, headers: [:], body: body))]),
            environment: clock.environment)
        let places = try client.search(name: "x", deadline: clock.deadline(in: .seconds(9)))
        #expect(places.map(\.city.name) == ["Berlin"])
    }
}
