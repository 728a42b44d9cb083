import BreezeAlerts
import BreezeDelivery
import BreezeModel
import BreezeOutboxValues
import BreezeVocabulary
import Foundation
import Testing

/// The sensors' part of an event survives the outbox: written and loaded back equal, and an
/// entry whose sensor numbers the daemon never writes is corrupt, moved to `dead/`.
struct OutboxSensorTests {
    static func sensorEntries() -> [OutboxEntry] {
        var rated = entry(1)
        rated.event.aqiSource = .sensor
        rated.event.sensor = SensorRating(label: "sensor 東京 \"back\"\n\u{1B}", modelAQI: 60, modelSource: .openMeteo)
        rated.event.indoorAQI = 42
        var stale = entry(2)
        stale.event.subject = .source
        stale.event.sourceStatus = SourceStaleDetails(
            sensor: "backyard", kind: .airNow, label: "AirNow Site", lastValidAt: Instant(unixSeconds: 1_800_000_000.5),
            reason: "HTTP 503", answers: true)
        return [rated, stale]
    }

    @Test func theSensorsPartIsLoadedBackEqual() throws {
        let state = temporaryFolder()
        let outbox = Outbox(stateDirectory: state)
        for pending in Self.sensorEntries() { try outbox.write(pending) }
        let loaded = outbox.load()
        #expect(loaded.corrupt.isEmpty)
        #expect(loaded.entries.sorted { $0.sequence < $1.sequence } == Self.sensorEntries())
    }

    @Test(arguments: [
        ("lastValidAt", "1e20", "'event.sourceStatus.lastValidAt' is not a time between 1970 and 9999"),
        ("indoorAQI", "9223372036854775807", "'event.indoorAQI' is out of range"),
        ("modelAQI", "-9223372036854775807", "'event.sensor.modelAQI' is out of range"),
    ])
    func aHostileNumberMovesTheEntryToDead(key: String, text: String, reason: String) throws {
        let state = temporaryFolder()
        let outbox = Outbox(stateDirectory: state)
        for pending in Self.sensorEntries() { try outbox.write(pending) }
        for pending in Self.sensorEntries() {
            let path = state + "/outbox/ops/" + pending.fileName
            let original = try String(contentsOfFile: path, encoding: .utf8)
            let pattern = try NSRegularExpression(pattern: "\"\(key)\" : [-0-9.e+]+")
            let range = NSRange(original.startIndex..., in: original)
            let changed = pattern.stringByReplacingMatches(in: original, range: range, withTemplate: "\"\(key)\" : \(text)")
            try changed.write(toFile: path, atomically: false, encoding: .utf8)
        }
        let loaded = outbox.load()
        #expect(loaded.entries.count == 1)
        #expect(loaded.corrupt.count == 1)
        #expect(loaded.corrupt.first?.reason.contains(reason) == true, "\(loaded.corrupt)")
    }
}
