import Foundation
import BreezeVocabulary
import Testing

@testable import BreezeCtl

/// The one place configuration is written: `breezectl add`'s drop-in, durably, never over a file.
struct DropInWriterTests {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder() }

    func contents(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func writesANewFileAndTheFolderItNeeds() throws {
        let path = folder.path + "/breezed.conf.d/paris.conf"
        try DropInWriter.create(path, text: "[City \"Paris\"]\n")
        #expect(contents(path) == "[City \"Paris\"]\n")
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o644)
        let folderAttributes = try FileManager.default.attributesOfItem(atPath: folder.path + "/breezed.conf.d")
        #expect((folderAttributes[.posixPermissions] as? Int) == 0o755)
        // No temporary file is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/breezed.conf.d") == ["paris.conf"])
    }

    @Test func refusesAnExistingFileAndLeavesItAsItWas() throws {
        let path = folder.path + "/paris.conf"
        try DropInWriter.create(path, text: "first\n")
        #expect(throws: FileError(path: path, reason: "File exists", code: EEXIST, action: "cannot write")) {
            try DropInWriter.create(path, text: "second\n")
        }
        #expect(contents(path) == "first\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["paris.conf"])
    }

    @Test func aReadOnlyFolderGivesTheWriteErrorNamingTheFile() throws {
        let dropIns = folder.path + "/breezed.conf.d"
        try FileManager.default.createDirectory(atPath: dropIns, withIntermediateDirectories: false)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: dropIns)
        let path = dropIns + "/paris.conf"
        let outcome = AsAnotherUser.run {
            Result { () throws(FileError) in try DropInWriter.create(path, text: "[City \"Paris\"]\n") }
        }
        #expect(outcome.failure == FileError(path: path, reason: "Permission denied", code: EACCES, action: "cannot write"))
        #expect(outcome.failure?.description == "cannot write \(path): Permission denied")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dropIns).isEmpty)
    }

    @Test func aFolderThatIsAFileGivesTheWriteErrorNamingTheFile() throws {
        let notAFolder = folder.path + "/breezed.conf.d"
        try DropInWriter.create(notAFolder, text: "a file where the drop-in folder should be\n")
        let path = notAFolder + "/paris.conf"
        do {
            try DropInWriter.create(path, text: "[City \"Paris\"]\n")
            Issue.record("wrote \(path) inside a file")
        } catch {
            #expect(error.path == path)
            #expect(error.reason == "Not a directory")
            #expect(error.description == "cannot write \(path): Not a directory")
        }
    }
}

extension Result {
    var failure: Failure? {
        guard case .failure(let error) = self else { return nil }
        return error
    }
}
