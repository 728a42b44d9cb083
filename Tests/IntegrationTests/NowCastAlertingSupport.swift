import BreezeTestSupport
import Foundation

/// `breezed --once` run hour by hour (or quarter by quarter) against a timeline scenario of the
/// fixture, the clock moved between runs, the state shared: what each run logged, per city.
struct OnceTimeline {
    let server: OpenMeteoServer
    let configuration: String

    /// A fixture on `scenario` (a file in Tests/Fixtures/scenarios) and a configuration with
    /// `cities` as (name, latitude, longitude, AQISource), `Threshold=unhealthy`, the default
    /// `ConfirmAfter` and `Hysteresis`, and `PollInterval=15min`.
    init(scenario: String, cities: [(String, Double, Double, String)]) throws {
        server = try OpenMeteoServer(arguments: ["--scenario", Binaries.fixture("scenarios/\(scenario)").path])
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-state-\(UUID().uuidString)").path
        var extra = "PollInterval=15min\nJitter=0\nStateDirectory=\(state)\n[Alert]\nThreshold=unhealthy\n"
        for (name, latitude, longitude, source) in cities {
            extra += "[City \"\(name)\"]\nLatitude=\(latitude)\nLongitude=\(longitude)\nAQISource=\(source)\n"
        }
        configuration = try server.configuration(cities: [], extra: extra)
    }

    /// Moves the fixture's clock to `time` (UTC, `2026-08-20T12:15`) and polls once.
    func poll(at time: String) throws -> [LogLine] {
        try server.control("clock", #"{"now":"\#(time)"}"#)
        let result = try Binaries.run(Binaries.breezed, ["--config", configuration, "--once", "--log", "stderr"])
        return result.standardError.split(separator: "\n").map { LogLine(String($0)) }
    }

    func stop() { server.stop() }

    /// `2026-08-20T10:00` plus `minutes`, as the fixture's clock takes it.
    static func time(_ start: String, plusMinutes minutes: Int) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm"
        return formatter.string(from: formatter.date(from: start)!.addingTimeInterval(Double(minutes) * 60))
    }
}

/// One line `--log stderr` wrote: the message, then ` (FIELD=value …)`.
struct LogLine {
    let text: String
    init(_ text: String) { self.text = text }

    /// The value of `field`, up to the next ` BREEZE_` field or the closing parenthesis, without
    /// the quotes around a value with spaces.
    func field(_ name: String) -> String? {
        guard let start = text.range(of: " \(name)=") ?? text.range(of: "(\(name)=") else { return nil }
        let rest = text[start.upperBound...]
        let end = rest.range(of: " BREEZE_")?.lowerBound ?? rest.lastIndex(of: ")") ?? rest.endIndex
        let value = rest[..<end]
        guard value.count >= 2, value.first == "\"", value.last == "\"" else { return String(value) }
        return String(value.dropFirst().dropLast())
    }

    func isEvent(_ event: String, city: String) -> Bool {
        field("BREEZE_EVENT") == event && field("BREEZE_CITY") == city
    }
}
