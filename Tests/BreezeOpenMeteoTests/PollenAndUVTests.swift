import BreezeHTTP
import BreezeModel
import BreezeTestSupport
import BreezeVocabulary
import Foundation
import Testing

@testable import BreezeOpenMeteo

/// The pollen-and-UV request beside the poll: what it asks, and what it takes of the answer.
struct PollenAndUVTests {
    let clock = ManualClock()
    static let grains = "grains/m\u{00B3}"
    static let paris = Coordinate(latitude: 48.85, longitude: 2.35)
    static let sydney = Coordinate(latitude: -33.87, longitude: 151.21)

    static func element(_ coordinate: Coordinate, values: [String: Any], units: [String: String] = [:]) -> [String: Any] {
        var currentUnits: [String: String] = ["time": "unixtime", "interval": "seconds", "uv_index": ""]
        for type in PollenType.allCases { currentUnits[type.openMeteoVariable] = grains }
        for (key, value) in units { currentUnits[key] = value }
        var current: [String: Any] = ["time": 1_787_234_400, "interval": 3600]
        for (key, value) in values { current[key] = value }
        return [
            "latitude": coordinate.latitude, "longitude": coordinate.longitude, "utc_offset_seconds": 0,
            "timezone": "GMT", "current_units": currentUnits, "current": current,
        ]
    }

    func fetch(
        _ answer: Any, _ coordinates: [Coordinate], zones: [String]? = nil
    ) -> ([Result<PollenReading, FetchError>], HTTPRequest) {
        let transport = RecordingTransport(outcomes: [ResponseBodies.ok(answer)])
        let client = AirQualityClient(
            endpoints: OpenMeteoEndpoints(apiURL: "http://127.0.0.1:1"), transport: transport,
            environment: clock.environment)
        let zones = zones ?? coordinates.map { _ in "auto" }
        return (client.pollenAndUV(for: coordinates, timeZones: zones, deadline: clock.deadline(in: .seconds(60))), transport.requests[0])
    }

    /// Seven current variables and the hourly UV index of one local day per city: eight
    /// variables over one day, one call per city by the weight rule.
    @Test func oneRequestAsksSevenVariablesAndTheDaysUVForEveryCity() throws {
        let nulls = Dictionary(uniqueKeysWithValues: PollenRequest.variables.map { ($0, NSNull() as Any) })
        let (results, request) = fetch(
            [Self.element(Self.paris, values: nulls), Self.element(Self.sydney, values: nulls)], [Self.paris, Self.sydney],
            zones: ["Europe/Paris", "auto"])
        let form = ResponseBodies.form(request)
        #expect(form["current"] == "alder_pollen,birch_pollen,grass_pollen,mugwort_pollen,olive_pollen,ragweed_pollen,uv_index")
        #expect(form["hourly"] == "uv_index" && form["forecast_days"] == "1" && form["latitude"] == "48.85,-33.87")
        #expect(form["timezone"] == "Europe/Paris,auto")
        #expect(results.count == 2)
        #expect(try results[0].get().uvIndexMaximumToday == nil)
    }

    /// Batches cut the coordinates: each batch's `timezone` list is its own cities' zones.
    @Test func eachBatchAsksItsOwnCitiesZones() throws {
        let nulls = Dictionary(uniqueKeysWithValues: PollenRequest.variables.map { ($0, NSNull() as Any) })
        let transport = RecordingTransport(outcomes: [
            ResponseBodies.ok(Self.element(Self.paris, values: nulls)), ResponseBodies.ok(Self.element(Self.sydney, values: nulls)),
        ])
        let client = AirQualityClient(
            endpoints: OpenMeteoEndpoints(apiURL: "http://127.0.0.1:1"), transport: transport, batchSize: 1,
            environment: clock.environment)
        let results = client.pollenAndUV(
            for: [Self.paris, Self.sydney], timeZones: ["Europe/Paris", "Australia/Sydney"], deadline: clock.deadline(in: .seconds(60)))
        #expect(results.count == 2 && results.allSatisfy { (try? $0.get()) != nil })
        #expect(transport.requests.map { ResponseBodies.form($0)["timezone"] } == ["Europe/Paris", "Australia/Sydney"])
    }

    @Test func theDaysUVMaximumComesFromTheHourlyIndicesHostileOnesDropped() throws {
        var element = Self.element(Self.paris, values: ["uv_index": 2.5])
        element["hourly_units"] = ["time": "unixtime", "uv_index": ""]
        element["hourly"] = [
            "time": (0..<6).map { 1_787_220_000 + 3600 * $0 },
            "uv_index": [0.0, NSNull(), 6.75, -3.0, 1e300, 4.0] as [Any],
        ]
        let (results, _) = fetch([element], [Self.paris])
        let reading = try results[0].get()
        #expect(reading.uvIndex == 2.5)
        #expect(reading.uvIndexMaximumToday == 6.75)
        #expect(reading.problems == ["hourly uv_index -3 is negative, and 1 more hourly uv_index values dropped"])
    }

    /// In Europe in season: counts; elsewhere every pollen null: no pollen data, UV still read.
    @Test func pollenInAndOutOfTheModelsDomain() throws {
        var europe: [String: Any] = ["uv_index": 5.25, "birch_pollen": 12.0, "grass_pollen": 3.5]
        for variable in ["alder_pollen", "mugwort_pollen", "olive_pollen", "ragweed_pollen"] { europe[variable] = NSNull() }
        var elsewhere: [String: Any] = ["uv_index": 9.0]
        for type in PollenType.allCases { elsewhere[type.openMeteoVariable] = NSNull() }
        let (results, _) = fetch(
            [Self.element(Self.paris, values: europe), Self.element(Self.sydney, values: elsewhere)], [Self.paris, Self.sydney])
        let paris = try results[0].get()
        #expect(paris.pollen == [.birch: 12, .grass: 3.5])
        #expect(paris.uvIndex == 5.25)
        #expect(paris.problems.isEmpty)
        let sydney = try results[1].get()
        #expect(sydney.pollen == nil)
        #expect(sydney.uvIndex == 9)
    }

    @Test func hostileValuesAreDroppedAndNamedNeverTrapped() throws {
        let values: [String: Any] = [
            "birch_pollen": -4.0, "grass_pollen": 1e300, "alder_pollen": "lots", "olive_pollen": 20.0,
            "ragweed_pollen": 7.0, "uv_index": 1e300,
        ]
        let (results, _) = fetch(
            [Self.element(Self.paris, values: values, units: ["ragweed_pollen": "ppm"])], [Self.paris])
        let reading = try results[0].get()
        #expect(reading.counts == [.olive: 20])
        #expect(reading.uvIndex == nil)
        #expect(Set(reading.problems) == [
            "alder_pollen is not a number", "birch_pollen -4 is negative", "grass_pollen 1e+300 is beyond any pollen count",
            "ragweed_pollen came in 'ppm', expected '\(Self.grains)'", "uv_index 1e+300 is beyond any UV index",
        ])
    }
}
