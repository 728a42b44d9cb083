/// `MaxAge=`: entries not delivered in time are given up. Age counts from creation, or from
/// the end of a quiet-hours hold; a held entry (and its city's entries behind it) never
/// expires while held, and neither does the entry being attempted.
enum Expiry {
    /// The entries of `queue` still within `maxAge` at `now`, and those past it;
    /// `inFlight` is the sequence of the entry being attempted, if any.
    static func sort(_ queue: [OutboxEntry], maxAge: Duration, now: Double, inFlight: UInt64?) -> StageResult {
        let age = maxAge.seconds
        var result = StageResult(kept: [])
        // Per city, the latest hold among its entries so far: those behind a held entry
        // wait with it, and their age counts from the end of the hold too.
        var holdOfCity: [String: Double] = [:]
        for entry in queue {
            let city = entry.event.city.name
            let hold = max(entry.heldUntil ?? 0, holdOfCity[city] ?? 0)
            if hold > 0 { holdOfCity[city] = hold }
            let since = max(entry.createdAt, hold)
            if now - since >= age, hold <= now, inFlight != entry.sequence {
                result.givenUp.append(StageDecision(entry: entry, reason: .expired(maxAge: maxAge, lastError: entry.lastError)))
            } else {
                result.kept.append(entry)
                result.wake(at: since + age)
            }
        }
        return result
    }
}
