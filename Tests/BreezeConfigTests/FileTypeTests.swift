import Foundation
import BreezeVocabulary
import Testing

@testable import BreezeConfig

/// What `readSources` does with files that are not plain configuration: FIFOs, folders, a
/// drop-in folder that cannot be listed. Real files in a temporary folder.
struct FileTypeTests {
    let folder: String

    init() throws {
        folder = NSTemporaryDirectory() + "breeze-file-types-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data("[Breeze]\n".utf8).write(to: URL(fileURLWithPath: folder + "/breezed.conf"))
    }

    func errors(_ path: String) -> [String] {
        do {
            _ = try ConfigurationLoader.readSources(path: path)
            return []
        } catch {
            return error.errors.map(\.description)
        }
    }

    @Test func aFIFOIsRefusedBeforeAnyRead() throws {
        let fifo = folder + "/fifo.conf"
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(errors(fifo) == ["\(fifo): cannot read the configuration: not a regular file (a FIFO)"])
        #expect(FileSystem.contents(fifo).map(\.text) == .failure(FileError(path: fifo, reason: "not a regular file (a FIFO)")))
    }

    @Test func aFolderNamedLikeADropInIsRefused() throws {
        try FileManager.default.createDirectory(atPath: folder + "/breezed.conf.d/odd.conf", withIntermediateDirectories: true)
        #expect(errors(folder + "/breezed.conf") == ["\(folder)/breezed.conf.d/odd.conf: cannot read the configuration: not a regular file (a directory)"])
    }

    @Test func aDropInFolderThatIsNotAFolderIsAnErrorNamingIt() throws {
        try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/breezed.conf.d"))
        #expect(errors(folder + "/breezed.conf") == ["\(folder)/breezed.conf.d: cannot list the drop-in folder: Not a directory"])
    }

    /// Root lists any folder, so this holds only for an ordinary user (as `breezectl` runs).
    @Test(.enabled(if: getuid() != 0, "root can list any folder"))
    func aDropInFolderThatCannotBeListedIsAnErrorNamingIt() throws {
        try FileManager.default.createDirectory(atPath: folder + "/breezed.conf.d", withIntermediateDirectories: true)
        #expect(chmod(folder + "/breezed.conf.d", 0o300) == 0)
        defer { chmod(folder + "/breezed.conf.d", 0o755) }
        #expect(errors(folder + "/breezed.conf") == ["\(folder)/breezed.conf.d: cannot list the drop-in folder: Permission denied"])
    }

    @Test func noDropInFolderIsFine() {
        #expect(errors(folder + "/breezed.conf") == [])
    }
}
