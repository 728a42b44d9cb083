import BreezeAlerts
import BreezeFiles
import BreezeModel
import Foundation
import Testing
import BreezeState
import BreezeVocabulary

struct StateStoreTests {
    let folder: String = {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("breeze-state-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    @Test func missingFileIsAFreshStart() throws {
        #expect(try StateStore(stateDirectory: folder).load(now: Instant(unixSeconds: 0)) == .fresh)
    }

    @Test func savedStateLoadsBackEqual() throws {
        let store = StateStore(stateDirectory: folder)
        var state = DaemonState()
        var record = CityRecord(city: City(name: "Paris", latitude: 48.8566, longitude: 2.3522))
        record.lastReading = Reading(time: "2026-08-20T14:00", usAQI: 42, concentrations: [.pm2_5: 6.1])
        record.band = .good
        record.alert.firing = true
        record.alert.notifiedBand = .unhealthy
        state.cities["Paris"] = record
        state.lastCycleCompletedAt = Instant(unixSeconds: 1_800_000_000)
        try store.save(state)
        #expect(try store.load(now: Instant(unixSeconds: 1_800_000_000)) == .loaded(state))
        // Readable by everyone, and no temporary file left behind.
        let attributes = try FileManager.default.attributesOfItem(atPath: store.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o644)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["state.json"])
    }

    @Test func corruptFileIsMovedAsideNotFatal() throws {
        let store = StateStore(stateDirectory: folder)
        try Data("{\"version\": 1, \"cities\": [".utf8).write(to: URL(fileURLWithPath: store.path))
        let outcome = try store.load(now: Instant(unixSeconds: 1_800_000_000))
        guard case .corrupt(let movedTo, _) = outcome else {
            Issue.record("expected corrupt, got \(outcome)")
            return
        }
        #expect(movedTo == store.path + ".corrupt-1800000000")
        #expect(FileManager.default.fileExists(atPath: movedTo))
        #expect(!FileManager.default.fileExists(atPath: store.path))
        #expect(try store.load(now: Instant(unixSeconds: 0)) == .fresh)
    }
}

struct BandCodingTests {
    @Test func bandsAreStoredBySlug() throws {
        let data = try JSONEncoder().encode([Band.unhealthyForSensitiveGroups, .good])
        #expect(String(decoding: data, as: UTF8.self) == #"["unhealthy-for-sensitive-groups","good"]"#)
        #expect(try JSONDecoder().decode([Band].self, from: data) == [.unhealthyForSensitiveGroups, .good])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([Band].self, from: Data(#"["awful"]"#.utf8)) }
    }
}

struct StateStoreReadTests {
    let folder: String = {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-read-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    @Test func readChangesNothing() throws {
        let store = StateStore(stateDirectory: folder)
        #expect(try store.read() == nil)
        var state = DaemonState()
        state.lastCycleCompletedAt = Instant(unixSeconds: 1_800_000_000)
        try store.save(state)
        #expect(try store.read() == state)
        try Data("{\"cities\": [".utf8).write(to: URL(fileURLWithPath: store.path))
        #expect(throws: FileError.self) { try store.read() }
        // Unlike load(now:), the unreadable file stays where it is.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["state.json"])
    }
}
