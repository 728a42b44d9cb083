import BreezeSensors
import BreezeVocabulary
import Testing

/// `SensorCommunityReader` over airrohr's `/data.json` and hostile edits.
@Suite struct SensorCommunityReaderTests {
    static let receivedAt = Instant(unixSeconds: 1_785_000_000)

    private func read(_ text: String) -> Result<SensorAnswer, SensorFailure> {
        SensorCommunityReader.read(Array(text.utf8), receivedAt: Self.receivedAt, pollInterval: .seconds(145))
    }

    /// A body of `values` (type, string) with `age`.
    private func body(age: String = "37", _ values: [(String, String)]) -> String {
        let items = values.map { "{\"value_type\":\"\($0.0)\",\"value\":\"\($0.1)\"}" }
        return "{\"software_version\": \"NRZ-2024-135\", \"age\":\"\(age)\", \"sensordatavalues\":[\(items.joined(separator: ","))]}"
    }

    /// P2 is PM2.5 and P1 PM10: the capture's SDS_P2 7.45, not its SDS_P1 12.30.
    @Test func sds011PM2_5IsP2NotP1() throws {
        let sample = try #require(read(try SensorBodies.text("sensor-community.json")).sample)
        #expect(sample.isValid)
        #expect(sample.pm2_5 == 7.45)
        #expect(sample.rawPM2_5 == 7.45)
        #expect(sample.correction == .none)
        #expect(sample.humidity == 61.04)
        #expect(sample.at == Self.receivedAt - .seconds(37))
        #expect(sample.covers == .seconds(145))
        #expect(sample.deviceID == nil)
    }

    static let firstP2Cases: [([(String, String)], Double)] = [
        ([("PMS_P0", "3.0"), ("PMS_P1", "20.5"), ("PMS_P2", "9.1")], 9.1),
        ([("SPS30_P0", "2.0"), ("SPS30_P2", "4.4"), ("SPS30_P4", "5.0"), ("SPS30_P1", "6.0")], 4.4),
        ([("SDS_P1", "30"), ("SDS_P2", "12"), ("PMS_P2", "99")], 12),
    ]

    @Test(arguments: firstP2Cases)
    func pm2_5ComesFromTheFirstP2(_ values: [(String, String)], expected: Double) throws {
        #expect(read(body(values)).sample?.pm2_5 == expected)
    }

    @Test func humidityIsShownFromTheFirstSensorThatHasIt() throws {
        #expect(read(body([("SDS_P2", "5"), ("humidity", "55.5")])).sample?.humidity == 55.5)
        #expect(read(body([("SDS_P2", "5"), ("SHT3X_humidity", "44")])).sample?.humidity == 44)
        // Shown only: a broken humidity is left out, the PM value still counts.
        let broken = try #require(read(body([("SDS_P2", "5"), ("BME280_humidity", "nan")])).sample)
        #expect(broken.humidity == nil)
        #expect(broken.isValid)
    }

    @Test func warmingUpIsNoMeasurementYet() throws {
        let sample = try #require(read(try SensorBodies.text("sensor-community-warming-up.json")).sample)
        #expect(sample.invalidReason == "no measurement yet")
        #expect(sample.pm2_5 == nil)
        #expect(read(body([("BME280_humidity", "50")])).sample?.invalidReason == "no measurement yet")
        #expect(read(body(age: "-3", [("SDS_P2", "5")])).sample?.invalidReason == "no measurement yet")
    }

    @Test(arguments: [
        ("nan", "SDS_P2 is not a number"), ("abc", "SDS_P2 is not a number"), ("", "SDS_P2 is not a number"),
        ("inf", "SDS_P2 is not a number"), ("-3", "SDS_P2 -3 is negative"),
        ("1e300", "SDS_P2 1e+300 is above 10⁹, more than air can hold"),
    ])
    func hostileValueMakesTheSampleInvalid(_ value: String, reason: String) throws {
        let sample = try #require(read(body([("SDS_P1", "10"), ("SDS_P2", value)])).sample)
        #expect(sample.invalidReason == reason)
        #expect(sample.pm2_5 == nil)
    }

    /// A number where the firmware writes a string is read too (a firmware that changed).
    @Test func aNumberValueIsReadAsWell() throws {
        let text = "{\"age\":\"10\",\"sensordatavalues\":[{\"value_type\":\"SDS_P2\",\"value\":8.5}]}"
        #expect(read(text).sample?.pm2_5 == 8.5)
    }

    @Test(arguments: [
        ("37", "145000", 145.0, 37.0), ("0", "145000", 145.0, 0.0), ("200", "145000", 145.0, 0.0),
        ("abc", "145000", 145.0, 0.0), ("30", "60000", 60.0, 30.0), ("30", "0", 145.0, 30.0),
        ("30", "1e400", 145.0, 30.0), ("30", "99999999", 145.0, 30.0),
    ])
    func ageAndIntervalPlaceTheSample(_ age: String, interval: String, covers: Double, ageUsed: Double) throws {
        let sample = try #require(read(body(age: age, [("SDS_P2", "5"), ("interval", interval)])).sample)
        #expect(sample.covers == .seconds(covers))
        #expect(sample.at == Self.receivedAt - .seconds(ageUsed))
    }

    @Test func otherBodiesAreFailures() throws {
        #expect(read(try SensorBodies.text("purpleair-dual-7.04.json")).failureMessage == "not a sensor.community answer: no sensordatavalues")
        #expect(read("{\"sensordatavalues\": {}}").failureMessage == "not a sensor.community answer: no sensordatavalues")
        #expect(read("<!doctype html>").failureMessage == "answered HTML, not JSON")
    }
}
