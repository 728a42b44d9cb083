import BreezeDelivery
import Foundation
import BreezeVocabulary
import Testing

/// The receipts of Discord's message ids: durable, never read from a damaged or hostile file,
/// never written outside their folder, and bounded.
struct ReceiptStoreTests {
    let now: Instant = 1_787_234_700

    @Test func aRecordedReceiptIsReadBackByAnotherStoreOfTheSameFolder() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = ReceiptStore(stateDirectory: folder.path, receiver: "chat")
        try store.record(.init(messageID: "1234567890123456789", updatedAt: now, resolved: false), thread: "paris-1787234400")
        let again = ReceiptStore(stateDirectory: folder.path + "/", receiver: "chat")
        #expect(again.receipt(thread: "paris-1787234400") == .init(messageID: "1234567890123456789", updatedAt: now, resolved: false))
        #expect(again.receipt(thread: "paris-1787234401") == nil)
        #expect(ReceiptStore(stateDirectory: folder.path, receiver: "other").receipt(thread: "paris-1787234400") == nil)
        let attributes = try FileManager.default.attributesOfItem(atPath: store.path(thread: "paris-1787234400"))
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    }

    @Test(arguments: [
        "", "12a", "-1", "1 2", "../../etc/passwd", "1234567890123456789012345", "١٢٣", "12\n", "0x10",
    ])
    func aHostileIDIsNeitherValidNorRecorded(id: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = ReceiptStore(stateDirectory: folder.path, receiver: "chat")
        #expect(!ReceiptStore.isValidMessageID(id))
        #expect(throws: (any Error).self) { try store.record(.init(messageID: id, updatedAt: now, resolved: false), thread: "t") }
        #expect(store.receipt(thread: "t") == nil)
    }

    @Test(arguments: [
        "", "garbage", "123 1787234700 open", "123 1787234700 closed\n", "abc 1787234700 open\n",
        "123 soon open\n", "123 1787234700 open extra\n", "123  1787234700 open\n",
        String(repeating: "1", count: 200) + " 1787234700 open\n",
    ])
    func aCorruptFileIsNoReceipt(content: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = ReceiptStore(stateDirectory: folder.path, receiver: "chat")
        try FileManager.default.createDirectory(atPath: store.folder, withIntermediateDirectories: true)
        try Data(content.utf8).write(to: URL(fileURLWithPath: store.path(thread: "paris-1")))
        #expect(store.receipt(thread: "paris-1") == nil)
        // Pruning removes what cannot be read.
        #expect(store.prune(now: now) == 1)
        #expect(!FileManager.default.fileExists(atPath: store.path(thread: "paris-1")))
    }

    @Test func hostileNamesStayOneComponentInsideTheFolder() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = ReceiptStore(stateDirectory: folder.path, receiver: "../../escape")
        #expect(store.folder.hasPrefix(folder.path + "/receipts/"))
        #expect(!store.folder.dropFirst(folder.path.count).contains(".."))
        for thread in ["../../../etc/passwd", "a/b", "東京-1787234400", String(repeating: "x", count: 300), ".", ".."] {
            let path = store.path(thread: thread)
            let name = String(path.dropFirst(store.folder.count + 1))
            #expect(!name.contains("/") && name != "." && name != ".." && name.utf8.count <= 96, "\(name)")
            try store.record(.init(messageID: "42", updatedAt: now, resolved: false), thread: thread)
            #expect(store.receipt(thread: thread)?.messageID == "42")
        }
        let everything = try FileManager.default.subpathsOfDirectory(atPath: folder.path)
        #expect(everything.allSatisfy { $0.hasPrefix("receipts") }, "\(everything)")
    }

    @Test func pruningDropsResolvedDayOldStaleAndTheOldestBeyondTheLimit() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = ReceiptStore(stateDirectory: folder.path, receiver: "chat", keep: .seconds(7 * 86_400))
        let hour = 3600
        try store.record(.init(messageID: "1", updatedAt: now - .seconds(2 * hour), resolved: true), thread: "recently-resolved")
        try store.record(.init(messageID: "2", updatedAt: now - .seconds(25 * hour), resolved: true), thread: "resolved-yesterday")
        try store.record(.init(messageID: "3", updatedAt: now - .seconds(6 * 24 * hour), resolved: false), thread: "open-long")
        try store.record(.init(messageID: "4", updatedAt: now - .seconds(8 * 24 * hour), resolved: false), thread: "open-stale")
        // A write a crash interrupted leaves AtomicFile's temporary file.
        try Data("partial".utf8).write(to: URL(fileURLWithPath: store.folder + "/open-long.tmp-AbC123"))
        #expect(store.prune(now: now) == 3)
        #expect(store.receipt(thread: "recently-resolved")?.messageID == "1")
        #expect(store.receipt(thread: "open-long")?.messageID == "3")
        #expect(store.receipt(thread: "resolved-yesterday") == nil)
        #expect(store.receipt(thread: "open-stale") == nil)

        for index in 0..<(ReceiptStore.maximumCount + 5) {
            try store.record(.init(messageID: "\(index + 10)", updatedAt: now + .seconds(index), resolved: false), thread: "t\(index)")
        }
        store.prune(now: now + .seconds(10_000))
        let names = try FileManager.default.contentsOfDirectory(atPath: store.folder)
        #expect(names.count == ReceiptStore.maximumCount)
        // The oldest went: the two kept from before and the first five new ones.
        #expect(store.receipt(thread: "open-long") == nil && store.receipt(thread: "t4") == nil)
        #expect(store.receipt(thread: "t5")?.messageID == "15")
    }
}
