import BreezeAlerts
import BreezeDelivery
import Foundation
import BreezeVocabulary
import Testing

/// Given-up entries: listed with their reason, put back in the outbox as fresh ones.
struct DeadLetterTests {
    @Test func listsGivenUpEntriesWithTheirReasonAndTheFilesThatDoNotDecode() throws {
        let state = temporaryFolder()
        let outbox = Outbox(stateDirectory: state)
        for number in [2, 1] { try outbox.write(entry(number)) }
        try outbox.write(entry(3, receiver: "chat"))
        try outbox.bury(entry(2), reason: "HTTP 400: bad request")
        try outbox.bury(entry(1), reason: "older than MaxAge=24h")
        try outbox.bury(entry(3, receiver: "chat"), reason: "HTTP 410: gone")
        try Data("{\"event\": tru".utf8).write(to: URL(fileURLWithPath: state + "/dead/ops/00000000000000000009-x.json.corrupt"))
        let dead = outbox.scanDead()
        #expect(dead.entries.map { "\($0.receiver) \($0.sequence) \($0.deadReason ?? "")" } == [
            "chat 3 HTTP 410: gone", "ops 1 older than MaxAge=24h", "ops 2 HTTP 400: bad request",
        ])
        #expect(dead.unreadable == [state + "/dead/ops/00000000000000000009-x.json.corrupt"])
    }

    @Test func requeuePutsOneReceiversEntriesBackFreshAndLeavesTheOthers() throws {
        let state = temporaryFolder()
        let outbox = Outbox(stateDirectory: state)
        var tired = entry(1)
        tired.attempts = 12
        tired.lastError = "HTTP 503"
        tired.heldUntil = 5
        try outbox.write(tired)
        try outbox.write(entry(2, receiver: "chat"))
        try outbox.bury(tired, reason: "older than MaxAge=24h")
        try outbox.bury(entry(2, receiver: "chat"), reason: "HTTP 410: gone")

        let result = outbox.requeue(now: 2_000_000) { $0 == "ops" }
        #expect(result.failures.isEmpty)
        #expect(result.requeued.count == 1)
        let back = try #require(outbox.scan().entries.first)
        #expect(outbox.scan().entries.count == 1)
        #expect(back.event == tired.event && back.sequence == tired.sequence)
        #expect(back.attempts == 0 && back.deadReason == nil && back.heldUntil == nil)
        #expect(back.createdAt == 2_000_000 && back.nextAttemptAt == 2_000_000)
        // chat's stays given up; ops's dead copy is gone.
        #expect(outbox.scanDead().entries.map(\.receiver) == ["chat"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: state + "/dead/ops").isEmpty)
    }
}
