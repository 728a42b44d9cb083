import BreezeFiles
import BreezeVocabulary
import Foundation
import Testing

/// Durable whole-file writes on a real file system.
struct AtomicFileTests {
    let folder: String = {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("breeze-files-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    @Test func atomicWriteReplacesWholeFiles() throws {
        let path = folder + "/file"
        try AtomicFile.write(Array("first version, longer".utf8), to: path)
        try AtomicFile.write(Array("second".utf8), to: path, mode: 0o600)
        #expect(try AtomicFile.read(path) == Array("second".utf8))
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }

    @Test func aLimitedReadStopsOneByteAfterTheLimit() throws {
        let path = folder + "/large"
        // More than one 64 KiB chunk, so the limit falls inside a later read.
        let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0) }
        try AtomicFile.write(bytes, to: path)
        #expect(try AtomicFile.read(path, limit: 100_000) == Array(bytes.prefix(100_001)))
        #expect(try AtomicFile.read(path, limit: 200_000) == bytes)
        #expect(try AtomicFile.read(path, limit: 0) == [0])
        #expect(try AtomicFile.read(path) == bytes)
        #expect(try AtomicFile.read(folder + "/missing", limit: 10) == nil)
    }

    @Test func createNeverOverwrites() throws {
        let path = folder + "/new-file"
        try AtomicFile.create(Array("first".utf8), at: path, mode: 0o600)
        #expect(throws: FileError(path: path, reason: "File exists", code: EEXIST)) {
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

    @Test func moveFileRenamesAcrossFoldersAndReplaces() throws {
        try AtomicFile.createFolder(folder + "/from")
        try AtomicFile.createFolder(folder + "/to")
        try AtomicFile.write(Array("entry".utf8), to: folder + "/from/one", mode: 0o600)
        try AtomicFile.write(Array("older".utf8), to: folder + "/to/one")
        try AtomicFile.moveFile(folder + "/from/one", to: folder + "/to/one")
        #expect(try AtomicFile.read(folder + "/to/one") == Array("entry".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/from").isEmpty)
        let attributes = try FileManager.default.attributesOfItem(atPath: folder + "/to/one")
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        // Within one folder too (a state file moved aside).
        try AtomicFile.moveFile(folder + "/to/one", to: folder + "/to/one.corrupt-1")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/to") == ["one.corrupt-1"])
    }

    @Test func aFailedMoveNamesTheSourceAndChangesNothing() throws {
        #expect(throws: FileError(path: folder + "/absent", reason: "No such file or directory", code: ENOENT)) {
            try AtomicFile.moveFile(folder + "/absent", to: folder + "/anywhere")
        }
        try AtomicFile.write(Array("kept".utf8), to: folder + "/kept")
        #expect(throws: FileError(path: folder + "/kept", reason: "No such file or directory", code: ENOENT)) {
            try AtomicFile.moveFile(folder + "/kept", to: folder + "/missing/kept")
        }
        #expect(try AtomicFile.read(folder + "/kept") == Array("kept".utf8))
        #expect(!FileManager.default.fileExists(atPath: folder + "/anywhere"))
    }

    @Test func createFolderMakesParents() throws {
        try AtomicFile.createFolder(folder + "/a/b/c")
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: folder + "/a/b/c", isDirectory: &isFolder))
        #expect(isFolder.boolValue)
        try AtomicFile.createFolder(folder + "/a/b/c")
    }
}
