import BreezeAlerts
import BreezeJSON
import BreezeOutboxValues
import FoundationEssentials
import BreezeVocabulary

extension OutboxEntry {
    /// The entry an outbox file holds: decoded, then its numbers checked (`checkRanges`).
    /// Throws for anything else; the outbox moves such a file to `dead/` as `.corrupt`.
    static func decoded(from bytes: [UInt8]) throws -> OutboxEntry {
        let entry = try JSONValueDecoder.decode(OutboxEntry.self, from: bytes)
        try entry.checkRanges()
        return entry
    }

    /// The largest sequence an entry may carry: far above any clock's nanoseconds (year 2262),
    /// far below where counting on from it would overflow.
    static let largestSequence = UInt64(Int64.max)
    /// The most attempts an entry may record: counting on from it never overflows.
    static let mostAttempts = Int(Int32.max)

    /// Throws when a number in the entry is out of the range the daemon writes (an entry
    /// edited by hand or damaged: `attempts: 2^63-1`, `createdAt: 1e20`), where counting on or
    /// turning it into an integer would trap. Such a file is treated like unreadable JSON.
    func checkRanges() throws(OutboxEntryRangeError) {
        guard sequence <= Self.largestSequence else { throw OutboxEntryRangeError("'sequence' is out of range") }
        guard (0...Self.mostAttempts).contains(attempts) else {
            throw OutboxEntryRangeError("'attempts' is out of range")
        }
        let times = [("createdAt", createdAt.unixSeconds), ("event.createdAt", event.createdAt.unixSeconds)]
        for (name, value) in times where !TimeText.stored.contains(value) {
            throw OutboxEntryRangeError(TimeText.notStored(name))
        }
        // Later is only later: these are compared, never converted, so any finite value works.
        for (name, value) in [("nextAttemptAt", nextAttemptAt.unixSeconds), ("heldUntil", heldUntil?.unixSeconds ?? 0)]
        where !value.isFinite {
            throw OutboxEntryRangeError("'\(name)' is not a number")
        }
        if let last = event.sourceStatus?.lastValidAt, !TimeText.stored.contains(last.unixSeconds) {
            throw OutboxEntryRangeError(TimeText.notStored("event.sourceStatus.lastValidAt"))
        }
        let indices = [("event.aqi", event.aqi), ("event.indoorAQI", event.indoorAQI), ("event.sensor.modelAQI", event.sensor?.modelAQI)]
        for case (let name, let value?) in indices where !(Int(Int32.min)...Int(Int32.max)).contains(value) {
            throw OutboxEntryRangeError("'\(name)' is out of range")
        }
    }
}

/// Why an outbox entry's numbers cannot be used.
public struct OutboxEntryRangeError: Error, Sendable, CustomStringConvertible {
    public var description: String

    init(_ description: String) { self.description = description }
}
