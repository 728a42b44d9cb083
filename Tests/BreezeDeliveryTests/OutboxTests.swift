import BreezeAlerts
import BreezeDelivery
import BreezeModel
import BreezeOutboxValues
import Foundation
import Testing
import BreezeVocabulary

struct OutboxTests {
    @Test func oneFilePerEntryNamedInCreationOrderPerReceiver() throws {
        let state = temporaryFolder()
        let outbox = Outbox(stateDirectory: state)
        try outbox.write(entry(12, receiver: "ops"))
        try outbox.write(entry(3, receiver: "ops"))
        try outbox.write(entry(7, receiver: "team/chat"))
        let files = try FileManager.default.contentsOfDirectory(atPath: state + "/outbox/ops").sorted()
        #expect(files == [
            "00000000000000000003-paris-1000-3-firing.json", "00000000000000000012-paris-1000-12-firing.json",
        ])
        // A receiver name cannot escape its folder: an unsafe one is written as its slug.
        #expect(FileManager.default.fileExists(atPath: state + "/outbox/" + Slug.of("team/chat")))
        let scan = outbox.scan()
        #expect(scan.entries.map(\.sequence) == [3, 12, 7])
        #expect(scan.entries.first == entry(3, receiver: "ops"))
    }

    @Test func writesLeaveNoTemporaryFiles() throws {
        let state = temporaryFolder()
        let outbox = Outbox(stateDirectory: state)
        var pending = entry(1)
        try outbox.write(pending)
        pending.attempts = 3
        pending.lastError = "HTTP 503"
        try outbox.write(pending)
        let files = try FileManager.default.contentsOfDirectory(atPath: state + "/outbox/ops")
        #expect(files == ["00000000000000000001-paris-1000-1-firing.json"])
        #expect(outbox.scan().entries == [pending])
    }

    @Test func removeAndBury() throws {
        let state = temporaryFolder()
        let outbox = Outbox(stateDirectory: state)
        try outbox.write(entry(1))
        try outbox.write(entry(2))
        try outbox.remove(entry(1))
        try outbox.bury(entry(2), reason: "HTTP 400: bad request")
        #expect(outbox.scan().entries.isEmpty)
        #expect(outbox.scan().deadCount == 1)
        let data = try Data(contentsOf: URL(fileURLWithPath: state + "/dead/ops/00000000000000000002-paris-1000-2-firing.json"))
        let dead = try JSONDecoder().decode(OutboxEntry.self, from: data)
        #expect(dead.deadReason == "HTTP 400: bad request")
        #expect(dead.event == entry(2).event)
    }

    @Test func loadMovesCorruptEntriesToDeadAndDropsTemporaryFiles() throws {
        let state = temporaryFolder()
        let outbox = Outbox(stateDirectory: state)
        try outbox.write(entry(1))
        try Data("{\"event\": tru".utf8).write(to: URL(fileURLWithPath: state + "/outbox/ops/00000000000000000002-x.json"))
        try Data("half".utf8).write(to: URL(fileURLWithPath: state + "/outbox/ops/00000000000000000003-y.json.tmp-AbC123"))
        // Reading changes nothing.
        let scan = outbox.scan()
        #expect(scan.corrupt.count == 1 && scan.temporaryFiles.count == 1)
        #expect(FileManager.default.fileExists(atPath: state + "/outbox/ops/00000000000000000002-x.json"))
        let loaded = outbox.load()
        #expect(loaded.entries == [entry(1)])
        #expect(loaded.corrupt.first?.reason.contains("moved to \(state)/dead/ops/00000000000000000002-x.json.corrupt") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: state + "/outbox/ops")
            == ["00000000000000000001-paris-1000-1-firing.json"])
        #expect(FileManager.default.fileExists(atPath: state + "/dead/ops/00000000000000000002-x.json.corrupt"))
        #expect(outbox.scan().deadCount == 1)
    }

    @Test func safeComponentsAreDistinctAndInert() {
        #expect(OutboxEntry.safeComponent("ops") == "ops")
        #expect(OutboxEntry.safeComponent("..") == Slug.of(".."))
        #expect(OutboxEntry.safeComponent("a/b") != OutboxEntry.safeComponent("a%2Fb"))
        #expect(!OutboxEntry.safeComponent("a/b").contains("/"))
        #expect(OutboxEntry.safeComponent("São") == Slug.of("São"))
        #expect(OutboxEntry.safeComponent(String(repeating: "x", count: 300)).utf8.count <= Slug.maximumLength)
    }
}
