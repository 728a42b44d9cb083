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
        #expect(try StateStore(stateDirectory: folder).load(now: 0) == .fresh)
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
        #expect(try store.load(now: 1_800_000_000) == .loaded(state))
        // Readable by everyone, and no temporary file left behind.
        let attributes = try FileManager.default.attributesOfItem(atPath: store.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o644)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["state.json"])
    }

    @Test func corruptFileIsMovedAsideNotFatal() throws {
        let store = StateStore(stateDirectory: folder)
        try Data("{\"version\": 1, \"cities\": [".utf8).write(to: URL(fileURLWithPath: store.path))
        let outcome = try store.load(now: 1_800_000_000)
        guard case .corrupt(let movedTo, _) = outcome else {
            Issue.record("expected corrupt, got \(outcome)")
            return
        }
        #expect(movedTo == store.path + ".corrupt-1800000000")
        #expect(FileManager.default.fileExists(atPath: movedTo))
        #expect(!FileManager.default.fileExists(atPath: store.path))
        #expect(try store.load(now: 0) == .fresh)
    }

    @Test func atomicWriteReplacesWholeFiles() throws {
        let path = folder + "/file"
        try AtomicFile.write(Array("first version, longer".utf8), to: path)
        try AtomicFile.write(Array("second".utf8), to: path, mode: 0o600)
        #expect(try AtomicFile.read(path) == Array("second".utf8))
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }

    @Test func createNeverOverwrites() throws {
        let path = folder + "/new-file"
        try AtomicFile.create(Array("first".utf8), at: path, mode: 0o600)
        #expect(throws: FileError(path: path, reason: "File exists")) {
            try AtomicFile.create(Array("second".utf8), at: path)
        }
        #expect(try AtomicFile.read(path) == Array("first".utf8))
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["new-file"])
    }

    @Test func moveWritesThroughTheNamedTemporaryFile() throws {
        try AtomicFile.createFolder(folder + "/tmp")
        try AtomicFile.createFolder(folder + "/new")
        try AtomicFile.move(Array("message".utf8), through: folder + "/tmp/one", to: folder + "/new/one")
        #expect(try AtomicFile.read(folder + "/new/one") == Array("message".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/tmp").isEmpty)
        // The temporary name must be new: an existing one is never written over.
        try AtomicFile.write(Array("other".utf8), to: folder + "/tmp/two")
        #expect(throws: FileError.self) {
            try AtomicFile.move(Array("message".utf8), through: folder + "/tmp/two", to: folder + "/new/two")
        }
        #expect(try AtomicFile.read(folder + "/tmp/two") == Array("other".utf8))
        #expect(!FileManager.default.fileExists(atPath: folder + "/new/two"))
    }

    @Test func writeIntoAMissingFolderNamesThePath() {
        #expect(throws: FileError.self) {
            try AtomicFile.write([1], to: folder + "/missing/file")
        }
        do {
            try AtomicFile.write([1], to: folder + "/missing/file")
        } catch {
            #expect(error.description.hasPrefix(folder + "/missing/file"))
            #expect(error.description.contains("No such file or directory"))
        }
    }

    @Test func createFolderMakesParents() throws {
        try AtomicFile.createFolder(folder + "/a/b/c")
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: folder + "/a/b/c", isDirectory: &isFolder))
        #expect(isFolder.boolValue)
        try AtomicFile.createFolder(folder + "/a/b/c")
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
