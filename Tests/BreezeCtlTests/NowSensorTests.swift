import BreezeModel
import BreezeOpenMeteo
import BreezeVocabulary
import Foundation
import Testing

@testable import BreezeCtl

/// `breezectl now` shows each city's sensors as breezed last asked them, beside Open-Meteo's
/// fresh values: a line each below the table, a `sensors` array in `--json`.
struct NowSensorTests {
    static let paris = City(name: "Paris", country: "France", latitude: 48.8566, longitude: 2.3522, timeZone: "Europe/Paris")
    static let ground = CityGround(sensors: [
        SensorStatus(
            name: "backyard", kind: .purpleAir, placement: .outdoor, label: "sensor backyard", pm2_5: 120.288,
            lastValidAt: Instant(unixSeconds: 1_787_234_400), nowCastAQI: 162),
        SensorStatus(
            name: "living room", kind: .airGradient, placement: .indoor, label: "sensor living room",
            invalidReason: "no answer within 10s", stale: true),
    ])

    static let row = NowRow(city: paris, outcome: .failure(FetchError.badRequest(reason: "no")), ground: ground)

    @Test func eachSensorHasALineBelowTheTable() {
        let lines = NowReport.sensorLines([Self.row])
        #expect(lines.count == 3)
        #expect(lines[1] == "Paris, France: sensor backyard (outdoor) 120.3 µg/m³, NowCast AQI 162, valid")
        #expect(lines[2] == "Paris, France: sensor living room (indoor) —, hours so far too few, invalid: no answer within 10s, stale")
        #expect(NowReport.sensorLines([NowRow(city: Self.paris, outcome: .failure(FetchError.badRequest(reason: "no")))]).isEmpty)
    }

    @Test func theJSONHasTheSensorsOfEachCity() throws {
        let text = NowReport.json([Self.row]).text
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        let sensors = try #require(objects.first?["sensors"] as? [[String: Any]])
        #expect(sensors.map { $0["name"] as? String } == ["backyard", "living room"])
        #expect(sensors.first?["nowCastAQI"] as? Int == 162)
        #expect(sensors.last?["verdict"] as? String == "invalid: no answer within 10s")
        #expect(sensors.last?["pm25"] is NSNull)
    }
}
