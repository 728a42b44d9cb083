import BreezeAlerts
import BreezeModel
import BreezeState
import BreezeVocabulary
import Foundation
import Testing

@testable import BreezeCtl

/// `breezectl status` names the sensor that rated a city's AQI, with the model's value
/// beside, and has a line per sensor; `--json` has `sensor`, `modelAQI` and `sensors`.
struct StatusSensorTests {
    static let now = Instant(unixSeconds: 1_796_133_900)  // 2026-12-01 14:05 UTC

    static func state(label: String = "sensor backyard") -> DaemonState {
        var state = DaemonState()
        var paris = CityRecord(city: City(name: "Paris", latitude: 48.85, longitude: 2.35, timeZone: "Europe/Paris"))
        var alerting = AlertingAQI(source: .sensor, aqi: 157, dominantPollutant: .pm2_5, openMeteoAQI: 55)
        alerting.sensor = SensorRating(label: label, modelAQI: 60, modelSource: .nowcast)
        paris.alerting = alerting
        paris.band = .unhealthy
        paris.lastPollAt = now
        paris.ground = CityGround(sensors: [
            SensorStatus(
                name: "backyard", kind: .purpleAir, placement: .outdoor, label: label, pm2_5: 68.04,
                lastValidAt: now - .seconds(120), nowCastAQI: 157),
            SensorStatus(
                name: "porch", kind: .purpleAir, placement: .outdoor, label: "sensor porch",
                invalidReason: "channels A and B disagree", stale: true),
        ])
        state.cities["Paris"] = paris
        state.lastCycleCompletedAt = now
        return state
    }

    static func report(_ state: DaemonState) -> StatusReport {
        StatusReport(state: state, configuredCities: ["Paris"], configuredInterval: 900, now: now)
    }

    @Test func theTextNamesTheSensorAndListsEach() {
        let lines = Self.report(Self.state()).lines(colours: false)
        let paris = lines.first { $0.hasPrefix("Paris") } ?? ""
        #expect(paris.contains("sensor backyard (model 60)"), "\(lines)")
        let index = lines.firstIndex(of: "Sensors:")
        #expect(index != nil, "\(lines)")
        let sensors = lines.drop { $0 != "Sensors:" }.dropFirst()
        #expect(sensors.first?.hasPrefix("CITY") == true)
        let backyard = sensors.first { $0.contains("sensor backyard") } ?? ""
        #expect(backyard.contains("outdoor") && backyard.contains("68.0 µg/m³") && backyard.contains("NowCast AQI 157"))
        #expect(backyard.contains("valid") && backyard.contains("15:03 CET"), "\(backyard)")
        let porch = sensors.first { $0.contains("sensor porch") } ?? ""
        #expect(porch.contains("hours so far too few") && porch.contains("invalid: channels A and B disagree, stale"))
        #expect(porch.contains("never"))
        // A city without sensors has no such lines.
        var plain = Self.state()
        plain.cities["Paris"]?.ground = nil
        plain.cities["Paris"]?.alerting?.source = .nowcast
        plain.cities["Paris"]?.alerting?.sensor = nil
        #expect(!Self.report(plain).lines(colours: false).contains("Sensors:"))
    }

    @Test func theJSONHasTheSensorTheModelAndEachSensor() throws {
        let text = Self.report(Self.state()).json().text
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let paris = try #require((object["cities"] as? [[String: Any]])?.first)
        #expect(paris["aqiSource"] as? String == "sensor" && paris["sensor"] as? String == "sensor backyard")
        #expect(paris["modelAQI"] as? Int == 60)
        let sensors = try #require(paris["sensors"] as? [[String: Any]])
        #expect(sensors.count == 2 && sensors[1]["verdict"] as? String == "invalid: channels A and B disagree")
    }

    /// Through the control socket the status is the excerpt: the sensors are in it.
    @Test func theExcerptKeepsTheSensors() throws {
        let state = Self.state()
        let carried = try StateDocument.decode(try StateDocument.encode(state.statusExcerpt))
        #expect(Self.report(carried).lines(colours: false) == Self.report(state).lines(colours: false))
        #expect(Self.report(carried).json().text == Self.report(state).json().text)
    }
}
