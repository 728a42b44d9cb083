import BreezeAlerts
import BreezeDelivery
import Foundation
import BreezeVocabulary
import Testing

/// An entry whose numbers the daemon never writes (edited, damaged) is corrupt: moved to `dead/`
/// with the reason, never a trap when counting on (`attempts + 1`) or writing a time.
struct OutboxRangeTests {
    /// Writes entry 1 for `ops`, then changes `key`'s value in its file to `text` (both
    /// `createdAt`s, the entry's and its event's).
    func damaged(_ key: String, to text: String) throws -> (state: String, path: String) {
        let state = temporaryFolder()
        try Outbox(stateDirectory: state).write(entry(1))
        let path = state + "/outbox/ops/" + entry(1).fileName
        let original = try String(contentsOfFile: path, encoding: .utf8)
        let pattern = try NSRegularExpression(pattern: "\"\(key)\" : [-0-9.e+]+")
        let range = NSRange(original.startIndex..., in: original)
        #expect(pattern.numberOfMatches(in: original, range: range) >= 1)
        let changed = pattern.stringByReplacingMatches(
            in: original, range: range, withTemplate: "\"\(key)\" : \(text)")
        try changed.write(toFile: path, atomically: false, encoding: .utf8)
        return (state, path)
    }

    @Test(arguments: [
        ("attempts", "9223372036854775807", "'attempts' is out of range"),
        ("attempts", "-1", "'attempts' is out of range"),
        ("sequence", "18446744073709551615", "'sequence' is out of range"),
        ("createdAt", "1e20", "'createdAt' is not a time between 1970 and 9999"),
        ("createdAt", "-5", "'createdAt' is not a time between 1970 and 9999"),
        ("aqi", "9223372036854775807", "'event.aqi' is out of range"),
    ])
    func aNumberOutOfRangeMovesTheEntryToDead(key: String, text: String, reason: String) throws {
        let (state, path) = try damaged(key, to: text)
        let outbox = Outbox(stateDirectory: state)
        let loaded = outbox.load()
        #expect(loaded.entries.isEmpty)
        #expect(loaded.corrupt.count == 1)
        #expect(loaded.corrupt.first?.reason.contains(reason) == true)
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(FileManager.default.fileExists(atPath: state + "/dead/ops/" + entry(1).fileName + ".corrupt"))
    }

    @Test func theLargestValuesTheDaemonWritesStillLoad() throws {
        let state = temporaryFolder()
        var pending = entry(1)
        pending.attempts = Int(Int32.max)
        pending.sequence = UInt64(Int64.max)
        pending.nextAttemptAt = 1e300
        pending.createdAt = 253_402_300_799
        try Outbox(stateDirectory: state).write(pending)
        #expect(Outbox(stateDirectory: state).load().entries == [pending])
    }

    @Test func aFailureAtTheMostAttemptsCountsNoFurther() {
        var pending = entry(1)
        pending.attempts = Int(Int32.max)
        var queues = DeliveryQueues(targets: [DeliveryTarget(receiver: FakeReceiver("ops"))], quietHours: { _, _, _ in nil })
        queues.add([pending])
        _ = queues.step(now: 2000)
        let actions = queues.finished(pending, outcome: .retry(reason: "HTTP 503", retryAfter: nil), now: 2000, randomUnit: 0)
        guard case .save(let saved) = actions.first else {
            Issue.record("expected a save, got \(actions.map(\.summary))")
            return
        }
        #expect(saved.attempts == Int(Int32.max))
    }
}
