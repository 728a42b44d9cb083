import BreezeSensors
import BreezeVocabulary
import Testing

/// `PurpleAirReader` over the captured `/json` bodies and hostile edits of them. Expected values
/// are computed here from the published formulas, not by calling the reader's own functions.
@Suite struct PurpleAirReaderTests {
    static let dual = "purpleair-dual-7.04.json"
    static let single = "purpleair-single-7.02.json"

    private func read(_ text: String, receivedAt: Instant) -> Result<SensorAnswer, SensorFailure> {
        PurpleAirReader.read(Array(text.utf8), receivedAt: receivedAt, pollInterval: .seconds(120))
    }

    /// 30 s after the dual capture's `DateTime`.
    private func afterDual() throws -> Instant { try SensorBodies.instant("2025-05-08T20:27:22Z") + .seconds(30) }

    @Test func dualLaserCaptureIsCorrectedFromTheATMMean() throws {
        let receivedAt = try afterDual()
        let sample = try #require(read(try SensorBodies.text(Self.dual), receivedAt: receivedAt).sample)
        // pm2_5_atm 8 and 11, current_humidity 39; below 30 µg/m³ EPA's piecewise form is
        // 0.524x − 0.0862RH + 5.75.
        #expect(sample.isValid)
        #expect(near(sample.pm2_5, linearEPA(9.5, 39)))
        #expect(sample.rawPM2_5 == 9.5)
        #expect(sample.humidity == 39)
        #expect(sample.correction == .epaPurpleAir)
        #expect(sample.deviceID == "5c:cf:7f:5c:a4:24")
        #expect(sample.at == (try SensorBodies.instant("2025-05-08T20:27:22Z")))
        #expect(sample.covers == .seconds(120))
        #expect(sample.invalidReason == nil)
    }

    @Test func singleLaserUnitUsesChannelAAlone() throws {
        let receivedAt = try SensorBodies.instant("2024-08-20T19:00:30Z")
        let sample = try #require(read(try SensorBodies.text(Self.single), receivedAt: receivedAt).sample)
        #expect(sample.isValid)
        #expect(near(sample.pm2_5, linearEPA(15, 45)))
        #expect(sample.rawPM2_5 == 15)
        #expect(sample.deviceID == "10:52:1c:4c:ca:95")
        #expect(sample.at == (try SensorBodies.instant("2024-08-20T18:59:56Z")))
    }

    @Test func channelFaultIsInvalidAndSaysWhy() throws {
        let sample = try #require(
            read(try SensorBodies.text("purpleair-channel-fault.json"), receivedAt: try afterDual()).sample)
        #expect(!sample.isValid)
        #expect(sample.pm2_5 == nil)
        #expect(sample.invalidReason == "channels A and B disagree: 8.0 and 40.0 µg/m³")
    }

    /// In smoke the piecewise form's middle branch: 0.786x − 0.0862RH + 5.75 at x = 100.
    @Test func smokeTakesThePiecewiseBranchOnATM() throws {
        var text = try SensorBodies.text(Self.dual)
        for (field, value) in [("pm2_5_cf_1", "140"), ("pm2_5_cf_1_b", "150"), ("pm2_5_atm", "98"), ("pm2_5_atm_b", "102")] {
            text = try SensorBodies.replacing(field, with: value, in: text)
        }
        let sample = try #require(read(text, receivedAt: try afterDual()).sample)
        #expect(near(sample.pm2_5, middleEPA(100, 39)))
        #expect(sample.rawPM2_5 == 100)
    }

    /// EPA's A/B rule compares the CF=1 pair: channels that agree at ATM but not at CF=1 are
    /// rejected, and the other way round accepted.
    @Test func agreementIsJudgedOnCF1() throws {
        var text = try SensorBodies.text(Self.dual)
        text = try SensorBodies.replacing("pm2_5_cf_1", with: "10", in: text)
        text = try SensorBodies.replacing("pm2_5_cf_1_b", with: "40", in: text)
        text = try SensorBodies.replacing("pm2_5_atm", with: "10", in: text)
        text = try SensorBodies.replacing("pm2_5_atm_b", with: "10", in: text)
        #expect(read(text, receivedAt: try afterDual()).sample?.invalidReason == "channels A and B disagree: 10.0 and 40.0 µg/m³")

        text = try SensorBodies.replacing("pm2_5_cf_1_b", with: "12", in: text)
        text = try SensorBodies.replacing("pm2_5_atm_b", with: "60", in: text)
        #expect(read(text, receivedAt: try afterDual()).sample?.isValid == true)
    }

    /// Without `pm2_5_atm` fields: Barkjohn 2021's linear CF=1 form on the cf_1 mean, which
    /// differs from the piecewise one above 30 µg/m³.
    @Test func withoutATMFieldsBarkjohn2021OnCF1() throws {
        var text = try SensorBodies.text(Self.dual)
        text = try SensorBodies.removing("pm2_5_atm", from: text)
        text = try SensorBodies.removing("pm2_5_atm_b", from: text)
        text = try SensorBodies.replacing("pm2_5_cf_1", with: "100", in: text)
        text = try SensorBodies.replacing("pm2_5_cf_1_b", with: "104", in: text)
        let sample = try #require(read(text, receivedAt: try afterDual()).sample)
        #expect(near(sample.pm2_5, linearEPA(102, 39)))
        #expect(sample.rawPM2_5 == 102)
        #expect(sample.correction == .epaPurpleAir)
    }

    @Test func barkjohn2021NeverGoesBelowZero() {
        #expect(EPACorrection.barkjohn2021(cf1: 0, humidity: 100) == 0)
        #expect(near(EPACorrection.barkjohn2021(cf1: 20, humidity: 50), 11.92))
    }

    @Test func dualLaserWithoutChannelBIsInvalid() throws {
        let single = try SensorBodies.text(Self.single)
        let claimsB = try SensorBodies.replacing("hardwarediscovered", with: "\"2.0+BME280+PMSX003-B+PMSX003-A\"", in: single)
        #expect(read(claimsB, receivedAt: try afterDual()).sample?.invalidReason == "channel B missing on a dual-laser sensor")

        let dualWithoutB = try SensorBodies.removing("pm2_5_cf_1_b", from: try SensorBodies.text(Self.dual))
        let sample = try #require(read(dualWithoutB, receivedAt: try afterDual()).sample)
        #expect(sample.invalidReason == "channel B missing on a dual-laser sensor")
        #expect(sample.pm2_5 == nil)
    }

    @Test func noHumidityNoCorrection() throws {
        let text = try SensorBodies.removing("current_humidity", from: try SensorBodies.text(Self.dual))
        let sample = try #require(read(text, receivedAt: try afterDual()).sample)
        #expect(sample.invalidReason == "no current_humidity to correct with")
        #expect(sample.pm2_5 == nil)
    }

    static let hostileCases: [(field: String, json: String, reason: String)] = {
        var cases: [(String, String, String)] = []
        for field in ["pm2_5_cf_1", "pm2_5_cf_1_b", "pm2_5_atm", "pm2_5_atm_b", "current_humidity"] {
            cases += [
                (field, "\"NaN\"", "\(field) is not a number"),
                (field, "\"11\"", "\(field) is not a number"),
                (field, "null", "\(field) is not a number"),
                (field, "1e400", "\(field) is not a number"),
                (field, "-5", "\(field) -5 is negative"),
            ]
        }
        for field in ["pm2_5_cf_1", "pm2_5_cf_1_b", "pm2_5_atm", "pm2_5_atm_b"] {
            cases.append((field, "1e300", "\(field) 1e+300 is above 10⁹, more than air can hold"))
        }
        cases.append(("current_humidity", "1e300", "current_humidity 1e+300 is above 10⁹, more than air can hold"))
        cases.append(("current_humidity", "150", "current_humidity 150 is above 100 %"))
        return cases
    }()

    @Test(arguments: hostileCases)
    func hostileNumberMakesTheSampleInvalid(_ hostile: (field: String, json: String, reason: String)) throws {
        let text = try SensorBodies.replacing(hostile.field, with: hostile.json, in: try SensorBodies.text(Self.dual))
        let sample = try #require(read(text, receivedAt: try afterDual()).sample)
        #expect(sample.invalidReason == hostile.reason)
        #expect(sample.pm2_5 == nil)
        #expect(!sample.isValid)
    }

    @Test(arguments: [
        ("\"2025/05/08T20:27:22z\"", true),  // 30 s behind the arrival: the device's time
        ("\"2025/05/08T20:28:22z\"", true),  // 30 s ahead: still the device's
        ("\"2025/05/08T20:30:22z\"", false),  // 2.5 min ahead: the arrival
        ("\"2025/05/08T18:27:22z\"", false),  // 2 h behind: the arrival
        ("\"2025-05-08 20:27:22\"", false),  // unreadable
        ("\"2025/13/08T20:27:22z\"", false),
        ("1746736042", false),
    ])
    func sampleTimeIsTheDevicesOnlyWhenPlausible(_ written: String, deviceTime: Bool) throws {
        let receivedAt = try afterDual()
        let text = try SensorBodies.replacing("DateTime", with: written, in: try SensorBodies.text(Self.dual))
        let sample = try #require(read(text, receivedAt: receivedAt).sample)
        if deviceTime {
            #expect(sample.at != receivedAt)
            #expect(abs((sample.at - receivedAt).seconds) <= 60)
        } else {
            #expect(sample.at == receivedAt)
        }
    }

    @Test(arguments: [("120", 120.0), ("30", 30.0), ("0", 120.0), ("99999", 120.0), ("\"120\"", 120.0), ("-1", 120.0), ("1e400", 120.0)])
    func periodIsWhatTheSampleCovers(_ written: String, seconds: Double) throws {
        let text = try SensorBodies.replacing("period", with: written, in: try SensorBodies.text(Self.dual))
        #expect(read(text, receivedAt: try afterDual()).sample?.covers == .seconds(seconds))
    }

    @Test func deviceIDIsKeptAsTextWhateverItHolds() throws {
        let name = String(repeating: "東京", count: 100) + "\\u0007\\n"
        let text = try SensorBodies.replacing("SensorId", with: "\"\(name)\"", in: try SensorBodies.text(Self.dual))
        let sample = try #require(read(text, receivedAt: try afterDual()).sample)
        #expect(sample.deviceID == String(repeating: "東京", count: 100) + "\u{7}\n")
        #expect(sample.isValid)
    }

    @Test(arguments: [
        ("<!DOCTYPE html><html>login</html>", "answered HTML, not JSON"),
        ("  \n<html>", "answered HTML, not JSON"),
        ("", "answered an empty body"),
        ("[1, 2]", "not a PurpleAir answer: an array, not an object"),
        ("{\"pm02\": 7}", "not a PurpleAir answer: no pm2_5_cf_1"),
        ("{\"pm2_5_cf_1\": 7", "answered something that is not JSON (expected '}' at byte 16)"),
    ])
    func bodyOfAnotherShapeIsAFailure(_ body: String, message: String) throws {
        #expect(read(body, receivedAt: try afterDual()).failureMessage == message)
    }

    /// Nesting far deeper than any sensor's body is refused by the scanner, never recursed into.
    @Test func deeplyNestedBodyFailsCleanly() throws {
        let body = "{\"pm2_5_cf_1\":" + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}"
        let message = try #require(read(body, receivedAt: try afterDual()).failureMessage)
        #expect(message.hasPrefix("answered something that is not JSON (nested too deeply"))
    }
}
