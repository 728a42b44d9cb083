import BreezeJSON
import BreezeModel
import BreezeState
import BreezeVocabulary
import Foundation
import Testing

@testable import BreezeWeb

/// Cities with `[Sensor]`s as the page, the status document and `/metrics` show them.
enum SensorSnapshots {
    /// Paris rated by its backyard sensor (157) beside the model's NowCast 60, with an indoor
    /// sensor, one whose channels disagree (stale) and one whose hours are too few.
    static func paris(name: String = "Paris", label: String = "sensor backyard") -> WebCity {
        var city = DashboardFixtures.city(name, aqi: 157, openMeteo: 55, firing: true)
        var alerting = AlertingAQI(source: .sensor, aqi: 157, dominantPollutant: .pm2_5, openMeteoAQI: 55)
        alerting.sensor = SensorRating(label: label, modelAQI: 60, modelSource: .nowcast)
        city.record?.alerting = alerting
        city.record?.ground = CityGround(sensors: [
            SensorStatus(
                name: "backyard", kind: .purpleAir, placement: .outdoor, label: label, pm2_5: 68.04,
                lastValidAt: DashboardFixtures.now - .seconds(120), nowCastAQI: 157),
            SensorStatus(name: "kitchen", kind: .airGradient, placement: .indoor, label: "sensor kitchen", pm2_5: 4, nowCastAQI: 17),
            SensorStatus(
                name: "porch", kind: .purpleAir, placement: .outdoor, label: "sensor porch",
                invalidReason: "channels A and B disagree by 31 µg/m³ (84 %)",
                lastValidAt: DashboardFixtures.now - .seconds(3 * 3600), stale: true),
            SensorStatus(name: "new", kind: .sensorCommunity, placement: .outdoor, label: "sensor new", pm2_5: 1e300),
        ])
        return city
    }

    static func snapshot(label: String = "sensor backyard") -> WebSnapshot {
        DashboardFixtures.snapshot(cities: [paris(label: label), DashboardFixtures.city("Berlin", aqi: 40)])
    }
}

@Suite struct SensorPageTests {
    func page(_ snapshot: WebSnapshot = SensorSnapshots.snapshot(), path: String = "/") -> String {
        String(decoding: WebRoutes.page(path: path, snapshot: snapshot).body, as: UTF8.self)
    }

    @Test func theCardShowsTheSensorsAQIBesideTheModels() {
        let html = page()
        #expect(html.contains(
            #"<p class="sources" data-pair="sensor-model"><span class="rated">157 · <bdi>sensor backyard</bdi></span><span class="model">Model (NowCast): 60</span></p>"#))
        #expect(html.contains(#"<dt>Source</dt><dd><bdi>sensor backyard</bdi>; Model (NowCast): 60</dd>"#))
        // Berlin, rated by the model, has neither.
        let berlin = html.components(separatedBy: #"id="city-"#).first { $0.hasPrefix(Slug.of("Berlin")) } ?? ""
        #expect(!berlin.isEmpty && !berlin.contains("sources") && !berlin.contains("Sensors"))
    }

    @Test func theSensorsAreListedWithTheirVerdicts() {
        let html = page()
        #expect(html.contains(#"<section class="sensors" aria-label="Sensors"><h3>Sensors</h3><ul>"#))
        #expect(html.contains(
            #"<li><span class="sensor-name"><bdi>sensor backyard</bdi></span><span class="muted">outdoor</span><span>68.0 µg/m³</span><span>valid</span><span>NowCast AQI 157</span></li>"#))
        #expect(html.contains(#"<span class="muted">indoor</span><span>4.0 µg/m³</span>"#))
        #expect(html.contains(
            #"<li class="stale"><span class="sensor-name"><bdi>sensor porch</bdi></span><span class="muted">outdoor</span><span>—</span><span class="invalid">invalid: channels A and B disagree by 31 µg/m³ (84 %)</span><span>hours so far too few</span><span class="firing">stale</span></li>"#))
        #expect(html.contains("<span>over 10 million µg/m³</span>"))
        // The city's own page shows them too.
        #expect(page(path: "/city/Paris").contains(#"data-pair="sensor-model""#))
    }

    @Test func aHostileLabelIsTextInItsOwnBdi() {
        let html = page(SensorSnapshots.snapshot(label: "<script>x</script>\u{202E}\u{1B}"))
        #expect(!html.contains("<script>x"))
        #expect(html.contains("<bdi>&lt;script&gt;x&lt;/script&gt;\u{202E}\u{FFFD}</bdi>"))
    }

    @Test func theStatusDocumentNamesTheSensorAndListsEach() throws {
        let snapshot = SensorSnapshots.snapshot()
        let document = StatusDocument(
            state: snapshot.state, configuredCities: ["Paris", "Berlin"], configuredInterval: 900, now: DashboardFixtures.now)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(document.value.bytes)) as? [String: Any])
        let cities = try #require(object["cities"] as? [[String: Any]])
        let paris = try #require(cities.first)
        #expect(paris["aqi"] as? Int == 157)
        #expect(paris["aqiSource"] as? String == "sensor")
        #expect(paris["sensor"] as? String == "sensor backyard")
        #expect(paris["modelAQI"] as? Int == 60)
        let sensors = try #require(paris["sensors"] as? [[String: Any]])
        #expect(sensors.map { $0["name"] as? String } == ["backyard", "kitchen", "porch", "new"])
        #expect(sensors[0]["kind"] as? String == "purpleair" && sensors[0]["placement"] as? String == "outdoor")
        #expect(sensors[0]["label"] as? String == "sensor backyard" && sensors[0]["pm25"] as? Double == 68.04)
        #expect(sensors[0]["verdict"] as? String == "valid" && sensors[0]["nowCastAQI"] as? Int == 157)
        #expect(sensors[0]["stale"] as? Bool == false)
        #expect(sensors[0]["lastValidAt"] as? String == TimeText.rfc3339(DashboardFixtures.now - .seconds(120)))
        #expect(sensors[2]["verdict"] as? String == "invalid: channels A and B disagree by 31 µg/m³ (84 %)")
        #expect(sensors[2]["pm25"] is NSNull && sensors[2]["nowCastAQI"] is NSNull && sensors[2]["stale"] as? Bool == true)
        #expect(sensors[3]["lastValidAt"] is NSNull)
        let berlin = cities[1]
        #expect(berlin["aqiSource"] as? String == "nowcast" && berlin["sensor"] is NSNull && berlin["modelAQI"] is NSNull)
        #expect((berlin["sensors"] as? [Any])?.isEmpty == true)
    }

    @Test func metricsHaveEachSensorAndTheModelBeside() {
        let text = String(decoding: MetricsPage.render(SensorSnapshots.snapshot()), as: UTF8.self)
        let lines = text.split(separator: "\n").map(String.init)
        let backyard = #"{city="Paris",sensor="backyard",kind="purpleair",placement="outdoor"}"#
        let porch = #"{city="Paris",sensor="porch",kind="purpleair",placement="outdoor"}"#
        #expect(lines.contains("breeze_model_aqi{city=\"Paris\"} 60"))
        #expect(!lines.contains { $0.hasPrefix("breeze_model_aqi{city=\"Berlin\"") })
        #expect(lines.contains("breeze_aqi{city=\"Paris\"} 157"))
        #expect(lines.contains("breeze_sensor_pm25\(backyard) 68.04"))
        #expect(!lines.contains { $0.hasPrefix("breeze_sensor_pm25\(porch)") })
        #expect(lines.contains("breeze_sensor_valid\(backyard) 1"))
        #expect(lines.contains("breeze_sensor_valid\(porch) 0"))
        #expect(lines.contains("breeze_sensor_nowcast_aqi\(backyard) 157"))
        #expect(!lines.contains { $0.hasPrefix("breeze_sensor_nowcast_aqi\(porch)") })
        #expect(lines.contains("breeze_sensor_stale\(porch) 1"))
        #expect(lines.contains("breeze_sensor_stale\(backyard) 0"))
        #expect(lines.contains(#"breeze_sensor_stale{city="Paris",sensor="kitchen",kind="airgradient",placement="indoor"} 0"#))
    }
}
