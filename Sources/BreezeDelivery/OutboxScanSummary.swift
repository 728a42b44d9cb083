import BreezeOutboxValues
import BreezeVocabulary

extension OutboxSummary {
    /// The summary of `scan` at `now`.
    public init(_ scan: OutboxScan, now: Instant) {
        self.init(entries: scan.entries, dead: scan.deadCount, corrupt: scan.corrupt.count, now: now)
    }
}
