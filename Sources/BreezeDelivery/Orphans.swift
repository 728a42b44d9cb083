import BreezeOutboxValues
import BreezeVocabulary

/// Entries of a receiver that is not (or no longer) configured: they wait for it to come back
/// on a reload, for `maxAge` from their creation, then are given up.
enum Orphans {
    /// How long entries wait for a receiver that is not configured: a day.
    static let maxAge: Duration = .seconds(24 * 3600)

    /// The entries of `queue` (for `receiver`, not configured) that still wait at `now`, and
    /// those that waited long enough.
    static func sort(_ queue: [OutboxEntry], receiver: String, now: Instant, maxAge: Duration = maxAge) -> StageResult {
        var result = StageResult(kept: [])
        for entry in queue {
            if entry.createdAt + maxAge <= now {
                result.givenUp.append(StageDecision(entry: entry, reason: .receiverNotConfigured(receiver: receiver, waited: maxAge)))
            } else {
                result.kept.append(entry)
                result.wake(at: entry.createdAt + maxAge)
            }
        }
        return result
    }
}
