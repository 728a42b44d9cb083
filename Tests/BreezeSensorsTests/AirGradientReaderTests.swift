import BreezeSensors
import BreezeVocabulary
import Testing

/// `AirGradientReader` over the documented `/measures/current` bodies and hostile edits.
@Suite struct AirGradientReaderTests {
    static let receivedAt = Instant(unixSeconds: 1_785_000_000)

    private func read(_ text: String) -> Result<SensorAnswer, SensorFailure> {
        AirGradientReader.read(Array(text.utf8), receivedAt: Self.receivedAt, pollInterval: .seconds(60))
    }

    /// Firmware 3.1.3 has no `pm02Compensated`: `pm02` (ATM) and `rhum` through EPA's correction.
    @Test func plainPM02IsCorrectedWithRhum() throws {
        let sample = try #require(read(try SensorBodies.text("airgradient-one-3.1.3.json")).sample)
        #expect(sample.isValid)
        #expect(near(sample.pm2_5, linearEPA(7, 43)))
        #expect(sample.rawPM2_5 == 7)
        #expect(sample.humidity == 43)
        #expect(sample.correction == .epaPurpleAir)
        #expect(sample.deviceID == "ecda3b1eaaaf")
        #expect(sample.at == Self.receivedAt)
        #expect(sample.covers == .seconds(60))
    }

    /// The device's own EPA value is taken as it is, never corrected a second time.
    @Test func compensatedValueIsNotCorrectedTwice() throws {
        let sample = try #require(read(try SensorBodies.text("airgradient-one-3.6.0.json")).sample)
        #expect(sample.pm2_5 == 6.78)
        #expect(sample.rawPM2_5 == 1.5)
        #expect(sample.correction == .device)
        // In smoke a second correction would take 100 to 0.786·100 − 0.0862·35.77 + 5.75 ≈ 81.3.
        let smoke = try SensorBodies.replacing("pm02Compensated", with: "100", in: try SensorBodies.text("airgradient-one-3.6.0.json"))
        #expect(read(smoke).sample?.pm2_5 == 100)
    }

    @Test func openAirChannelsThatAgreeAreValid() throws {
        let sample = try #require(read(try SensorBodies.text("airgradient-open-air-dual.json")).sample)
        #expect(sample.isValid)
        #expect(sample.pm2_5 == 4.7)
        #expect(sample.deviceID == "84fce6021a2b")
    }

    /// EPA's A/B rule on the Open Air's two PMS5003T (channel 2's `pm02` is the second `"pm02":4`).
    @Test func openAirChannelsThatDisagreeAreInvalid() throws {
        let text = try SensorBodies.text("airgradient-open-air-dual.json")
        let faulty = text.replacingOccurrences(of: "\"2\":{\"pm01\":3,\"pm02\":4,", with: "\"2\":{\"pm01\":3,\"pm02\":40,")
        #expect(faulty != text)
        let sample = try #require(read(faulty).sample)
        #expect(sample.invalidReason == "channels A and B disagree: 4.0 and 40.0 µg/m³")
        #expect(sample.pm2_5 == nil)

        let broken = text.replacingOccurrences(of: "\"2\":{\"pm01\":3,\"pm02\":4,", with: "\"2\":{\"pm01\":3,\"pm02\":\"4\",")
        #expect(read(broken).sample?.invalidReason == "channels.2.pm02 is not a number")
    }

    /// A channel the device left out (its sensor failed): the top level is the other's value.
    @Test func openAirWithOneChannelIsReadFromItsTopLevel() throws {
        let text = try SensorBodies.text("airgradient-open-air-dual.json")
        let oneChannel = text.replacingOccurrences(of: "\"2\":{", with: "\"unused\":{")
        #expect(read(oneChannel).sample?.isValid == true)
    }

    /// The firmware leaves out what a failed sensor measures: the monitor answered, its PM did not.
    @Test func monitorWithoutPMIsAnInvalidSample() throws {
        let text = try SensorBodies.removing("pm02", from: try SensorBodies.text("airgradient-one-3.1.3.json"))
        let sample = try #require(read(text).sample)
        #expect(sample.invalidReason == "no pm02: the monitor reports no PM2.5")
        #expect(sample.deviceID == "ecda3b1eaaaf")
        #expect(sample.humidity == 43)
    }

    @Test func noHumidityNoCorrection() throws {
        let text = try SensorBodies.removing("rhum", from: try SensorBodies.text("airgradient-one-3.1.3.json"))
        let sample = try #require(read(text).sample)
        #expect(sample.invalidReason == "no rhum to correct with")
        #expect(sample.pm2_5 == nil)
    }

    @Test(arguments: [
        ("airgradient-one-3.1.3.json", "pm02", "\"7\"", "pm02 is not a number"),
        ("airgradient-one-3.1.3.json", "pm02", "-5", "pm02 -5 is negative"),
        ("airgradient-one-3.1.3.json", "pm02", "1e300", "pm02 1e+300 is above 10⁹, more than air can hold"),
        ("airgradient-one-3.1.3.json", "pm02", "1e400", "pm02 is not a number"),
        ("airgradient-one-3.1.3.json", "rhum", "\"NaN\"", "rhum is not a number"),
        ("airgradient-one-3.1.3.json", "rhum", "101", "rhum 101 is above 100 %"),
        ("airgradient-one-3.6.0.json", "pm02Compensated", "\"6.78\"", "pm02Compensated is not a number"),
        ("airgradient-one-3.6.0.json", "pm02Compensated", "-1", "pm02Compensated -1 is negative"),
        ("airgradient-one-3.6.0.json", "pm02Compensated", "null", "pm02Compensated is not a number"),
        ("airgradient-one-3.6.0.json", "pm02Compensated", "1e300", "pm02Compensated 1e+300 is above 10⁹, more than air can hold"),
    ])
    func hostileNumberMakesTheSampleInvalid(_ file: String, field: String, json: String, reason: String) throws {
        let text = try SensorBodies.replacing(field, with: json, in: try SensorBodies.text(file))
        let sample = try #require(read(text).sample)
        #expect(sample.invalidReason == reason)
        #expect(sample.pm2_5 == nil)
    }

    @Test func otherBodiesAreFailures() throws {
        #expect(read(try SensorBodies.text("purpleair-dual-7.04.json")).failureMessage == "not an AirGradient answer: no pm02")
        #expect(read("<html><body>AirGradient setup</body></html>").failureMessage == "answered HTML, not JSON")
        #expect(read("\"pm02\"").failureMessage == "not an AirGradient answer: a string, not an object")
    }
}
