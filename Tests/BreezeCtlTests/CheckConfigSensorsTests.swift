import BreezeCommandLine
import BreezeConfig
import Foundation
import Testing

@testable import BreezeCtl

/// `breezectl check-config` with `[Sensor]` sections: the sensors' line after the summary,
/// names shown safely, the AirNow key and a URL's password in no output, errors at their line.
struct CheckConfigSensorsTests {
    static let key = "0A1B2C3D-hunter2-4E5F-6789"

    static let configuration = """
        [Web]
        Listen=
        [City "東京"]
        Latitude=35.68
        Longitude=139.69
        [City "San Francisco"]
        Latitude=37.77
        Longitude=-122.42
        [Sensor "屋上\\u{1B}[2J"]
        Kind=purpleair
        URL=http://admin:hunter2@192.168.1.50/json
        City=東京
        [Sensor "airnow-sf"]
        Kind=airnow
        ApiKeyFile=airnow-key
        City=San Francisco

        """

    @Test func theSensorsLineFollowsTheSummaryWithEscapedNamesAndNoSecret() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/breezed.conf"
        try Self.configuration.write(toFile: path, atomically: true, encoding: .utf8)
        try (Self.key + "\n").write(toFile: folder.path + "/airnow-key", atomically: true, encoding: .utf8)
        chmod(path, 0o600)
        let printed = Printed()
        #expect(CheckConfigCommand.run(["--config", path], context: CommandContext(console: printed.console, environment: [:])) == .success)
        let lines = printed.text.split(separator: "\n").map(String.init)
        #expect(lines.prefix(2) == [
            "configuration OK: 2 cities, 0 receivers, ~192 API calls/day",
            "2 sensors (744 requests a day, none to Open-Meteo): 屋上\\x1B[2J (PurpleAir, 東京, 720 requests a day to 192.168.1.50), "
                + "airnow-sf (AirNow, San Francisco, 24 requests a day to www.airnowapi.org)",
        ])
        #expect(printed.errorText == "")
        #expect(!printed.text.contains("hunter2") && !printed.text.contains("\u{1B}"))
    }

    @Test func aSensorNamingNoCityIsAnErrorAtItsLineAndTheKeyIsNotShown() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/breezed.conf"
        try (Self.configuration.replacingOccurrences(of: "City=San Francisco\n", with: "City=San Fransisco\nApiKey=\(Self.key)\n")
            .replacingOccurrences(of: "ApiKeyFile=airnow-key\n", with: ""))
            .write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o600)
        let printed = Printed()
        #expect(CheckConfigCommand.run(["--config", path], context: CommandContext(console: printed.console, environment: [:])) == .configuration)
        #expect(printed.errorText == "\(path):15: City=San Fransisco: no [City] of that name; did you mean San Francisco?\n")
        #expect(printed.text == "")
        #expect(!printed.errorText.contains("hunter2"))
    }
}
