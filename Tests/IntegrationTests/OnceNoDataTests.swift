import BreezeTestSupport
import Foundation
import Testing

/// `breezed --once` counts an answer with every value null as no data, as the stale counter
/// does: 69 when no city got data, 75 when only some did.
struct OnceNoDataTests {
    static let paris = ("Paris", 48.8566, 2.3522)
    static let tokyo = ("Tokyo", 35.6762, 139.6503)

    func configuration(_ server: OpenMeteoServer) throws -> String {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-state-\(UUID().uuidString)").path
        return try server.configuration(
            cities: [Self.paris, Self.tokyo], extra: "PollInterval=15min\nJitter=0\nStateDirectory=\(state)\n")
    }

    @Test func everyValueNullForEveryCityExits69() throws {
        let server = try OpenMeteoServer()
        defer { server.stop() }
        let path = try configuration(server)
        try server.control("faults", #"{"faults":[{"path":"/v1/air-quality","kind":"nulls","count":-1}]}"#)
        let result = try Binaries.run(Binaries.breezed, ["--config", path, "--once", "--log", "stderr"])
        #expect(result.status == 69)
        #expect(result.standardOutput.contains(": 0 with data, 2 without data (all null), 0 failed,"))
    }

    @Test func everyValueNullForOneCityExits75() throws {
        let server = try OpenMeteoServer()
        defer { server.stop() }
        let path = try configuration(server)
        let variables = ["pm10", "pm2_5", "carbon_monoxide", "nitrogen_dioxide", "sulphur_dioxide", "ozone"]
        let nulls = (["us_aqi"] + variables + variables.map { "us_aqi_" + $0 }).map { "\"\($0)\":null" }
            .joined(separator: ",")
        try server.control("readings", #"{"locations":[{"latitude":48.8566,"longitude":2.3522,"current":{"# + nulls + "}}]}")
        let result = try Binaries.run(Binaries.breezed, ["--config", path, "--once", "--log", "stderr"])
        #expect(result.status == 75)
        #expect(result.standardOutput.contains(": 1 with data, 1 without data (all null), 0 failed,"))
    }
}
