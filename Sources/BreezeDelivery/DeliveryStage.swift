import BreezeOutboxValues
import BreezeVocabulary

/// An entry a delivery stage changed or gave up, as it is now, and why.
struct StageDecision: Sendable, Equatable {
    var entry: OutboxEntry
    var reason: DeliveryReason
}

/// What one stage made of one receiver's pending entries: those that stay (in order), those
/// given up and those changed (each with its reason, in queue order), and the earliest time
/// the stage has something to do again.
///
/// The stages are pure and run in `DeliveryQueues.step` in this order: `GoneReceiver` (410),
/// `Orphans` (no such receiver), `FutureTimes` (clock skew), `Expiry` (`MaxAge=`), then for
/// the receiver's next entry `QuietHoursHold` (wait), `EpisodeFolding` (dedup), `Grouping`
/// (the other cities' due entries with it, `Group=`) and, once an
/// attempt has run, `Retry`; `DeliveryQueues` records their decisions as `DeliveryAction`s.
struct StageResult: Sendable, Equatable {
    var kept: [OutboxEntry]
    var givenUp: [StageDecision] = []
    var changed: [StageDecision] = []
    var wake: Instant?

    /// Moves `wake` earlier to `time`, if it is earlier.
    mutating func wake(at time: Instant) { wake = min(wake ?? time, time) }
}
