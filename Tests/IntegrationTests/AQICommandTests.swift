import Foundation
import Testing

/// `breezectl aqi` run as a process: output, JSON and exit statuses.
struct AQICommandTests {
    static func json(_ arguments: [String]) throws -> [String: Any] {
        let result = try Binaries.run(Binaries.breezectl, ["aqi", "--json"] + arguments)
        #expect(result.status == 0)
        #expect(result.standardError == "")
        #expect(result.standardOutput.hasSuffix("}\n"))
        #expect(result.standardOutput.hasPrefix("{\n  \""))
        let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
        return try #require(object as? [String: Any])
    }

    @Test func humanOutput() throws {
        let result = try Binaries.run(Binaries.breezectl, ["aqi", "pm2_5=35.9", "o3=0.078ppm", "no2=120ppb"])
        #expect(result.status == 0)
        #expect(result.standardError == "")
        #expect(
            result.standardOutput == """
                AQI:       126
                Band:      😷 Unhealthy for Sensitive Groups
                Category:  Unhealthy for Sensitive Groups (EPA)
                Dominant:  o3 (O₃ 8-hour)

                Key    Pollutant      Given       Truncated   AQI
                pm2_5  PM2.5 24-hour  35.9 µg/m³  35.9 µg/m³  102
                o3     O₃ 8-hour      0.078 ppm   0.078 ppm   126
                no2    NO₂ 1-hour     120 ppb     120 ppb     105

                """)
    }

    @Test func jsonOutput() throws {
        let object = try Self.json(["pm2_5=35.9", "o3=0.078ppm", "no2=120ppb"])
        #expect(object["aqi"] as? Int == 126)
        #expect(object["band"] as? String == "unhealthy-for-sensitive-groups")
        #expect(object["category"] as? String == "Unhealthy for Sensitive Groups")
        #expect(object["dominant"] as? String == "o3")
        #expect(object["beyond"] as? Bool == false)
        let pollutants = try #require(object["pollutants"] as? [String: [String: Any]])
        #expect(Set(pollutants.keys) == ["pm2_5", "o3", "no2"])
        #expect(pollutants["o3"]?["aqi"] as? Int == 126)
        #expect(pollutants["o3"]?["concentration"] as? Double == 0.078)
        #expect(pollutants["o3"]?["unit"] as? String == "ppm")
        #expect(pollutants["pm2_5"]?["aqi"] as? Int == 102)
        #expect(pollutants["no2"]?["aqi"] as? Int == 105)
    }

    /// Gases in µg/m³ (the default) are converted before truncation: 153 µg/m³ O₃ → 0.077 ppm.
    @Test(arguments: ["153", "153ug/m3", "153µg/m³", "153 µg/m³"])
    func microgramsAreConverted(value: String) throws {
        let object = try Self.json(["o3=\(value)"])
        let ozone = try #require((object["pollutants"] as? [String: [String: Any]])?["o3"])
        #expect(ozone["truncated"] as? Double == 0.077)
        #expect(ozone["unit"] as? String == "µg/m³")
        #expect(object["aqi"] as? Int == 122)
    }

    @Test func beyondTheAQI() throws {
        let object = try Self.json(["pm10=700", "pm2_5=12.1"])
        #expect(object["aqi"] is NSNull)
        #expect(object["beyond"] as? Bool == true)
        #expect(object["band"] as? String == "hazardous")
        #expect(object["dominant"] as? String == "pm10")
        let pm10 = try #require((object["pollutants"] as? [String: [String: Any]])?["pm10"])
        #expect(pm10["aqi"] is NSNull)
        #expect(pm10["beyond"] as? Bool == true)

        let text = try Binaries.run(Binaries.breezectl, ["aqi", "pm10=700"])
        #expect(text.status == 0)
        #expect(text.standardOutput.hasPrefix("AQI:       beyond the AQI (above 500)\n"))
    }

    @Test func eightHourOzoneAboveItsTableNeedsTheOneHourValue() throws {
        let alone = try Self.json(["o3=0.25ppm"])
        #expect(alone["aqi"] is NSNull)
        #expect(alone["undetermined"] as? Bool == true)
        let withOneHour = try Self.json(["o3=0.25ppm", "o3_1h=0.45ppm"])
        #expect(withOneHour["aqi"] as? Int == 346)
        #expect(withOneHour["dominant"] as? String == "o3_1h")
    }

    @Test(arguments: [
        (["pm25=3"], "breezectl aqi: unknown key 'pm25' in 'pm25=3'; did you mean 'pm2_5'?"),
        (["o3_1=0.1ppm"], "breezectl aqi: unknown key 'o3_1' in 'o3_1=0.1ppm'; did you mean 'o3_1h'?"),
        (["xyz=1"], "breezectl aqi: unknown key 'xyz' in 'xyz=1'"),
        (["pm2_5=abc"], "breezectl aqi: 'pm2_5=abc': 'abc' is not a number"),
        (["no2=12ppx"], "breezectl aqi: 'no2=12ppx': '12ppx' is not a number"),
        (["pm2_5=-3"], "breezectl aqi: 'pm2_5=-3': a concentration cannot be negative"),
        (["pm2_5"], "breezectl aqi: 'pm2_5' is not KEY=VALUE"),
        (["pm2_5=1", "pm2_5=2"], "breezectl aqi: 'pm2_5=2': pm2_5 is given twice"),
        (["pm2_5=3ppb"], "breezectl aqi: 'pm2_5=3ppb': particles are measured in µg/m³, not ppb"),
        ([], "breezectl aqi: give at least one KEY=VALUE, e.g. 'pm2_5=35.9'"),
        (["--frobnicate"], "breezectl aqi: unknown option '--frobnicate'"),
    ])
    func badInputIsAUsageError(arguments: [String], message: String) throws {
        let result = try Binaries.run(Binaries.breezectl, ["aqi"] + arguments)
        #expect(result.status == 64)
        #expect(result.standardOutput == "")
        #expect(result.standardError == message + "\nTry 'breezectl aqi --help'.\n")
    }

    @Test func helpNamesEveryKey() throws {
        let result = try Binaries.run(Binaries.breezectl, ["aqi", "--help"])
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix("Usage: breezectl aqi"))
        for key in ["pm2_5", "pm10", "o3", "o3_1h", "co", "no2", "so2", "so2_24h"] {
            #expect(result.standardOutput.contains(key))
        }
    }
}
