import BreezeAlerts
import BreezeModel
import Foundation
import Testing

@testable import BreezeState
import BreezeVocabulary

/// A city's sensors in `state.json`: what the daemon wrote reads back equal, names exactly as
/// they were (東京, control characters); a value the daemon never writes makes the file
/// corrupt; a file from before `[Sensor]` sections loads as cities without sensors.
struct StateSensorTests {
    /// A record of Paris whose one sensor's `key` is written as `text` (a JSON value).
    func file(sensor key: String, _ text: String) -> String {
        var members = [
            "kind": #""purpleair""#, "label": #""sensor backyard""#, "name": #""backyard""#, "placement": #""outdoor""#,
            "stale": "false", "pm2_5": "12.5", "nowCastAQI": "57", "lastValidAt": "1800000000",
        ]
        members[key] = text
        let sensor = members.sorted { $0.key < $1.key }.map { "\"\($0.key)\":\($0.value)" }.joined(separator: ",")
        return #"{"cities":{"Paris":{"alert":{"breachStreak":0,"clearStreak":0,"escalationStreak":0,"eventsInEpisode":0,"firing":false,"missingStreak":0},"city":{"latitude":48.85,"longitude":2.35,"name":"Paris"},"ground":{"sensors":[{"#
            + sensor + #"}]}}},"version":1}"#
    }

    @Test func aSensorReadsBackAsWritten() throws {
        let state = try StateJSONReader.decode(Array(file(sensor: "name", #""\u001b[31m東京\n""#).utf8))
        let sensor = try #require(state.cities["Paris"]?.ground?.sensors.first)
        #expect(sensor.name == "\u{1B}[31m東京\n")
        #expect(sensor.pm2_5 == 12.5 && sensor.nowCastAQI == 57 && !sensor.stale)
        #expect(sensor.lastValidAt == Instant(unixSeconds: 1_800_000_000))
        #expect(try StateJSONReader.decode(StateJSONWriter.encode(state)) == state)
    }

    @Test(arguments: [
        ("pm2_5", "-1", "'pm2_5' is out of range"),
        ("pm2_5", "1e400", "'pm2_5' is out of range"),
        ("pm2_5", #""12""#, "'pm2_5' is not a number"),
        ("nowCastAQI", "10000", "'nowCastAQI' is off the AQI scale"),
        ("nowCastAQI", "-1", "'nowCastAQI' is off the AQI scale"),
        ("nowCastAQI", "57.5", "'nowCastAQI' is not a whole number"),
        ("lastValidAt", "1e300", "'lastValidAt' is not a time between 1970 and 9999"),
        ("lastValidAt", "-5", "'lastValidAt' is not a time between 1970 and 9999"),
        ("kind", #""purple""#, "unknown sensor kind 'purple'"),
        ("placement", #""attic""#, "unknown placement 'attic'"),
        ("stale", "1", "'stale' is not a boolean"),
        ("name", "7", "'name' is not a string"),
    ])
    func aValueTheDaemonNeverWritesIsRefused(key: String, text: String, reason: String) {
        #expect(throws: StateJSONReader.Failure.self) { try StateJSONReader.decode(Array(file(sensor: key, text).utf8)) }
        do {
            _ = try StateJSONReader.decode(Array(file(sensor: key, text).utf8))
        } catch {
            #expect(String(describing: error).contains(reason), "\(error)")
        }
    }

    @Test func aSensorWithoutItsRequiredMembersIsRefused() {
        for key in ["name", "kind", "placement", "label", "stale"] {
            let text = file(sensor: key, "null").replacingOccurrences(of: "\"\(key)\":null,", with: "")
                .replacingOccurrences(of: ",\"\(key)\":null", with: "")
            #expect(throws: StateJSONReader.Failure.self, "\(key)") { try StateJSONReader.decode(Array(text.utf8)) }
        }
    }

    @Test func nullOptionalsAreNil() throws {
        var text = file(sensor: "pm2_5", "null")
        text = text.replacingOccurrences(of: #""nowCastAQI":57"#, with: #""nowCastAQI":null,"invalidReason":null"#)
        let sensor = try #require(try StateJSONReader.decode(Array(text.utf8)).cities["Paris"]?.ground?.sensors.first)
        #expect(sensor.pm2_5 == nil && sensor.nowCastAQI == nil && sensor.invalidReason == nil)
    }

    @Test func theAlertingAQIsSensorIsChecked() throws {
        func alerting(_ sensor: String) -> String {
            #"{"cities":{"Paris":{"alert":{"breachStreak":0,"clearStreak":0,"escalationStreak":0,"eventsInEpisode":0,"firing":false,"missingStreak":0},"alerting":{"aqi":157,"averages":{},"leftOut":[],"mayUnderstate":false,"openMeteoAQI":60,"sensor":"#
                + sensor + #","source":"sensor"},"city":{"latitude":48.85,"longitude":2.35,"name":"Paris"}}},"version":1}"#
        }
        let read = try StateJSONReader.decode(Array(alerting(#"{"label":"sensor 東京\u0007","modelAQI":61,"modelSource":"nowcast"}"#).utf8))
        #expect(read.cities["Paris"]?.alerting?.source == .sensor)
        #expect(read.cities["Paris"]?.alerting?.sensor == SensorRating(label: "sensor 東京\u{7}", modelAQI: 61, modelSource: .nowcast))
        for hostile in [
            #"{"label":"x","modelAQI":501000,"modelSource":"nowcast"}"#, #"{"label":"x","modelAQI":61,"modelSource":"sensor"}"#,
            #"{"label":"x","modelAQI":61}"#, #"{"modelAQI":61,"modelSource":"nowcast"}"#, #"[]"#,
        ] {
            #expect(throws: StateJSONReader.Failure.self, "\(hostile)") { try StateJSONReader.decode(Array(alerting(hostile).utf8)) }
        }
    }

    @Test func sourceAlertsReadBackAndAreChecked() throws {
        let base = #"{"cities":{"Paris":{"alert":{"breachStreak":0,"clearStreak":0,"escalationStreak":0,"eventsInEpisode":0,"firing":false,"missingStreak":0},"city":{"latitude":48.85,"longitude":2.35,"name":"Paris"},"sourceAlerts":SOURCE}},"version":1}"#
        let good = base.replacingOccurrences(
            of: "SOURCE",
            with: #"{"東京\n":{"breachStreak":3,"clearStreak":0,"escalationStreak":0,"eventsInEpisode":1,"firing":true,"missingStreak":0,"episodeStartedAt":1800000000}}"#)
        let alert = try #require(try StateJSONReader.decode(Array(good.utf8)).cities["Paris"]?.sourceAlerts["東京\n"])
        #expect(alert.firing && alert.breachStreak == 3 && alert.episodeStartedAt == Instant(unixSeconds: 1_800_000_000))
        let negative = good.replacingOccurrences(of: #""breachStreak":3"#, with: #""breachStreak":-3"#)
        #expect(throws: StateJSONReader.Failure.self) { try StateJSONReader.decode(Array(negative.utf8)) }
        let null = base.replacingOccurrences(of: "SOURCE", with: "null")
        #expect(try StateJSONReader.decode(Array(null.utf8)).cities["Paris"]?.sourceAlerts == [:])
    }

    /// A file from before `[Sensor]` sections: no `ground`, no `sourceAlerts`, no `sensor`.
    @Test func aFileFromBeforeSensorsLoads() throws {
        let old = #"{"cities":{"Paris":{"alert":{"breachStreak":0,"clearStreak":0,"escalationStreak":0,"eventsInEpisode":0,"firing":false,"missingStreak":0},"alerting":{"aqi":57,"averages":{},"leftOut":[],"mayUnderstate":false,"source":"nowcast"},"city":{"latitude":48.85,"longitude":2.35,"name":"Paris"}}},"version":1}"#
        let state = try StateJSONReader.decode(Array(old.utf8))
        let record = try #require(state.cities["Paris"])
        #expect(record.ground == nil && record.sourceAlerts.isEmpty && record.alerting?.sensor == nil)
        #expect(try JSONDecoder().decode(DaemonState.self, from: Data(old.utf8)) == state)
        // Written back, a city without sensors adds nothing of theirs.
        let written = String(decoding: try StateJSONWriter.encode(state), as: UTF8.self)
        #expect(!written.contains("ground") && !written.contains("sourceAlerts") && !written.contains("sensor"))
    }

    /// Through the store: a sensor's hostile number moves the file aside with the reason.
    @Test func theStoreMovesAFileWithAHostileSensorValueAside() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-state-sensor-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = StateStore(stateDirectory: folder)
        try file(sensor: "nowCastAQI", "1e300").write(toFile: store.path, atomically: false, encoding: .utf8)
        guard case .corrupt(_, let why) = try store.load(now: Instant(unixSeconds: 1_800_000_100)) else {
            Issue.record("a state with an off-scale NowCast loaded")
            return
        }
        #expect(why.contains("'nowCastAQI'"))
    }
}
