import BreezeAlerts
import BreezeModel
import Foundation
import Testing
import BreezeState
import BreezeVocabulary

/// A state file whose numbers the daemon never writes is corrupt: moved aside with the reason,
/// a fresh state begins, and nothing traps where the value becomes an integer or is counted on.
struct StateRangeTests {
    let folder: String = {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("breeze-state-range-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    /// A saved state of one firing city, with `key`'s value then changed to `text`.
    func damaged(_ key: String, to text: String) throws -> StateStore {
        let store = StateStore(stateDirectory: folder)
        var state = DaemonState()
        var record = CityRecord(city: City(name: "Paris", latitude: 48.8566, longitude: 2.3522))
        record.lastReading = Reading(
            time: "2026-08-20T14:00", usAQI: 162, concentrations: [.pm10: 61], subIndices: [.pm2_5: 162])
        record.band = .unhealthy
        record.bandSince = Instant(unixSeconds: 1_800_000_000)
        record.lastPollAt = Instant(unixSeconds: 1_800_000_000)
        record.alert.firing = true
        record.alert.episodeStartedAt = Instant(unixSeconds: 1_800_000_000)
        record.alert.lastNotifiedAt = Instant(unixSeconds: 1_800_000_000)
        record.alert.eventsInEpisode = 1
        state.cities["Paris"] = record
        state.lastCycleCompletedAt = Instant(unixSeconds: 1_800_000_000)
        try store.save(state)
        let original = try String(contentsOfFile: store.path, encoding: .utf8)
        let pattern = try NSRegularExpression(pattern: "\"\(key)\":[-0-9.e+]+")
        let range = NSRange(original.startIndex..., in: original)
        #expect(pattern.numberOfMatches(in: original, range: range) == 1)
        let changed = pattern.stringByReplacingMatches(in: original, range: range, withTemplate: "\"\(key)\":\(text)")
        try changed.write(toFile: store.path, atomically: false, encoding: .utf8)
        return store
    }

    @Test(arguments: [
        ("episodeStartedAt", "1e20", "'episodeStartedAt' is not a time between 1970 and 9999"),
        ("lastNotifiedAt", "-1", "'lastNotifiedAt' is not a time between 1970 and 9999"),
        ("lastCycleCompletedAt", "1e300", "'lastCycleCompletedAt' is not a time between 1970 and 9999"),
        ("bandSince", "1e19", "'bandSince' is not a time between 1970 and 9999"),
        ("eventsInEpisode", "9223372036854775807", "'eventsInEpisode' is not a whole number"),
        ("eventsInEpisode", "4611686018427387904", "'eventsInEpisode' is out of range"),
        ("missingStreak", "-3", "'missingStreak' is out of range"),
        ("usAQI", "10000", "'usAQI' is off the AQI scale"),
        ("pm10", "-6", "'concentrations' is out of range"),
        ("latitude", "1e300", "'latitude' is out of range"),
    ])
    func aNumberOutOfRangeMovesTheFileAside(key: String, text: String, reason: String) throws {
        let store = try damaged(key, to: text)
        let outcome = try store.load(now: Instant(unixSeconds: 1_800_000_100))
        guard case .corrupt(let movedTo, let why) = outcome else {
            Issue.record("expected corrupt, got \(outcome)")
            return
        }
        #expect(why.contains(reason))
        #expect(FileManager.default.fileExists(atPath: movedTo))
        #expect(try store.load(now: Instant(unixSeconds: 0)) == .fresh)
    }

    @Test func theSameFileWithItsOwnValuesLoads() throws {
        let store = try damaged("episodeStartedAt", to: "1800000000")
        guard case .loaded(let state) = try store.load(now: Instant(unixSeconds: 1_800_000_100)) else {
            Issue.record("the undamaged state did not load")
            return
        }
        #expect(state.cities["Paris"]?.alert.episodeStartedAt == Instant(unixSeconds: 1_800_000_000))
    }

    @Test func timesAnyFileCanHoldAreWrittenWithoutTrapping() {
        #expect(TimeText.rfc3339(Instant(unixSeconds: 1e20)) == "9999-12-31T23:59:59Z")
        #expect(TimeText.rfc3339(Instant(unixSeconds: -1e300)) == "1-01-01T00:00:00Z")
        #expect(TimeText.rfc3339(Instant(unixSeconds: .nan)) == "1970-01-01T00:00:00Z")
        #expect(TimeText.openMeteo(Instant(unixSeconds: 1_787_234_700)) == "2026-08-20T14:05")
    }
}
