import BreezeOutboxValues
import BreezeVocabulary

/// `MaxAge=`: entries not delivered in time are given up. Age counts from creation, or from
/// the end of a quiet-hours hold; a held entry (and its city's entries behind it) never
/// expires while held, and neither does the entry being attempted.
enum Expiry {
    /// The entries of `queue` still within `maxAge` at `now`, and those past it;
    /// `inFlight` is the sequence of the entry being attempted, if any.
    static func sort(_ queue: [OutboxEntry], maxAge: Duration, now: Instant, inFlight: UInt64?) -> StageResult {
        sort(queue, maxAge: maxAge, now: now, inFlight: Set([inFlight].compactMap { $0 }))
    }

    /// The same, with the sequences of every entry being attempted (a group has several).
    static func sort(_ queue: [OutboxEntry], maxAge: Duration, now: Instant, inFlight: Set<UInt64>) -> StageResult {
        var result = StageResult(kept: [])
        // Per city, the latest hold among its entries so far: those behind a held entry
        // wait with it, and their age counts from the end of the hold too.
        var holdOfCity: [String: Instant] = [:]
        for entry in queue {
            let city = entry.event.city.name
            let hold = max(entry.heldUntil ?? Self.noHold, holdOfCity[city] ?? Self.noHold)
            if hold > Self.noHold { holdOfCity[city] = hold }
            let since = max(entry.createdAt, hold)
            if since + maxAge <= now, hold <= now, !inFlight.contains(entry.sequence) {
                result.givenUp.append(StageDecision(entry: entry, reason: .expired(maxAge: maxAge, lastError: entry.lastError)))
            } else {
                result.kept.append(entry)
                result.wake(at: since + maxAge)
            }
        }
        return result
    }

    /// No hold: the epoch, as an absent hold has always counted.
    private static let noHold = Instant(unixSeconds: 0)
}
