import BreezeAlerts
import BreezeDelivery
import BreezeModel
import Foundation
import BreezeVocabulary
import Testing

/// Entries written while the clock ran ahead, and entries of an older naming.
struct FutureEntryTests {
    @Test func anEntryFromTheFutureIsDueNowAndExpiresByMaxAge() {
        var machine = DeliveryQueues(
            targets: [DeliveryTarget(receiver: FakeReceiver("ops", maxAge: .seconds(3600)))],
            quietHours: { _, _, _ in nil })
        // Written a year ahead: created then, due then, and held then.
        var ahead = entry(1, at: 1000 + .seconds(365 * 86_400))
        ahead.heldUntil = 1000 + .seconds(365 * 86_400)
        machine.add([ahead])
        #expect(machine.step(now: 1000).map(\.summary) == ["save ops 1", "attempt ops 1"])
        #expect(machine.queues["ops"]?.first?.createdAt == 1000)
        #expect(machine.queues["ops"]?.first?.heldUntil == nil)
        _ = machine.finished(ahead, outcome: .retry(reason: "HTTP 503", retryAfter: .seconds(7200)), now: 1000, randomUnit: 0)
        // MaxAge counts from when it was found, not from the year ahead.
        let actions = machine.step(now: 4600).map(\.summary)
        #expect(actions == [
            "bury ops 1: not delivered within MaxAge 1h; last error: HTTP 503",
            "failed ops 1 final: not delivered within MaxAge 1h; last error: HTTP 503",
        ])
        // Within the skew nothing changes.
        var near = DeliveryQueues(targets: [DeliveryTarget(receiver: FakeReceiver("ops"))], quietHours: { _, _, _ in nil })
        near.add([entry(3, at: 1000 + ClockSkew.tolerance)])
        #expect(near.step(now: 1000).map(\.summary) == [])
        #expect(near.nextWake == 1000 + ClockSkew.tolerance)
        #expect(near.queues["ops"]?.first?.createdAt == 1000 + ClockSkew.tolerance)
    }

    @Test func aRetryScheduledAYearAheadIsDueNowButALongRetryAfterIsKept() {
        var machine = DeliveryQueues(
            targets: [DeliveryTarget(receiver: FakeReceiver("ops"))], quietHours: { _, _, _ in nil })
        var ahead = entry(1, at: 1000)
        ahead.attempts = 1
        ahead.nextAttemptAt = 1000 + .seconds(365 * 86_400)
        var patient = entry(1, receiver: "mail", at: 1000)
        patient.nextAttemptAt = 1000 + .seconds(20 * 3600)
        machine.add([ahead])
        #expect(machine.step(now: 1000).map(\.summary) == ["save ops 1", "attempt ops 1"])
        var other = DeliveryQueues(
            targets: [DeliveryTarget(receiver: FakeReceiver("mail"))], quietHours: { _, _, _ in nil })
        other.add([patient])
        #expect(other.step(now: 1000).map(\.summary) == [])
        let wake: Instant? = 73_000
        #expect(other.nextWake == wake, "\(String(describing: other.nextWake))")
    }

    @Test func entriesOfAnOlderNamingAreMovedWhereTheyBelong() throws {
        let state = temporaryFolder()
        let outbox = Outbox(stateDirectory: state)
        let old = entry(5, receiver: "team/chat")
        // Where an earlier version put it: the receiver's name percent-encoded.
        let oldFolder = state + "/outbox/team%2Fchat"
        try FileManager.default.createDirectory(atPath: oldFolder, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        try encoder.encode(old).write(to: URL(fileURLWithPath: oldFolder + "/" + old.fileName))
        let loaded = outbox.load()
        #expect(loaded.entries == [old])
        #expect(loaded.corrupt.isEmpty)
        // Now where remove() looks: delivered means gone, not sent again at the next start.
        try outbox.remove(old)
        #expect(outbox.scan().entries.isEmpty)
    }
}
