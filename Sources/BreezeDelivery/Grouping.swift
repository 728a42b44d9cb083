import BreezeOutboxValues
import BreezeVocabulary

/// The grouping stage (`Group=`): after `QuietHoursHold` chose a receiver's next entry and
/// `EpisodeFolding` folded it, the other cities' next entries due at the same moment join it
/// in one message when there are at least `Group=` of them.
///
/// A city joins with its first pending entry only, so a city's order is kept: never two of
/// its entries in one group, never a later one before an earlier. An entry joins when it is
/// due now, of a kind people read in a list (`MessageGroup.accepts`), and not held by quiet
/// hours; a firing whose resolve waits behind it is folded first, as it would be on its own.
enum Grouping {
    /// A group to attempt: the receiver's queue afterwards (folds applied), the indices of the
    /// members in it (the chosen entry first), and what the folds superseded.
    struct Selection: Sendable {
        var queue: [OutboxEntry]
        var members: [Int]
        var folded: [(resolve: OutboxEntry, superseded: [OutboxEntry])]
    }

    /// The group led by `queue[head]` at `now`, or nil when fewer than `atLeast` entries may go
    /// together (the head then goes alone). `holdUntil` is the quiet-hours check; `capacity`
    /// says how many of the members (in queue order) fit in one message.
    static func select(
        _ queue: [OutboxEntry], head: Int, atLeast: Int, now: Instant,
        holdUntil: (OutboxEntry) -> Instant?, capacity: ([OutboxEntry]) -> Int
    ) -> Selection? {
        guard queue.indices.contains(head), atLeast >= 2 else { return nil }
        guard MessageGroup.accepts(queue[head]), queue[head].nextAttemptAt <= now else { return nil }
        var selection = walk(queue, head: head, limit: MessageGroup.mostMembers, now: now, holdUntil: holdUntil)
        guard selection.members.count >= atLeast else { return nil }
        let fits = capacity(selection.members.map { selection.queue[$0] })
        if fits < selection.members.count {
            // The members left out go in the next group; their folds wait until then.
            guard fits >= atLeast else { return nil }
            selection = walk(queue, head: head, limit: fits, now: now, holdUntil: holdUntil)
        }
        return selection
    }

    /// Up to `limit` members from `queue[head]` on, folding each firing whose resolve waits.
    private static func walk(
        _ queue: [OutboxEntry], head: Int, limit: Int, now: Instant, holdUntil: (OutboxEntry) -> Instant?
    ) -> Selection {
        var selection = Selection(queue: queue, members: [head], folded: [])
        // Cities that may not join: an entry of theirs waits before the head (held), or one
        // was passed over, or they are in already.
        var closed = Set(queue[..<head].map(\.event.city.name))
        closed.insert(queue[head].event.city.name)
        var index = head + 1
        while index < selection.queue.count, selection.members.count < limit {
            defer { index += 1 }
            let entry = selection.queue[index]
            guard closed.insert(entry.event.city.name).inserted else { continue }
            guard MessageGroup.accepts(entry), entry.nextAttemptAt <= now, !isHeld(entry, now: now, holdUntil) else {
                continue
            }
            if let fold = EpisodeFolding.fold(selection.queue, at: index) {
                selection.queue = fold.queue
                selection.folded.append((fold.resolve, fold.superseded))
            }
            selection.members.append(index)
        }
        return selection
    }

    /// Whether quiet hours hold `entry` at `now` (or it waits with a held entry of its city).
    private static func isHeld(_ entry: OutboxEntry, now: Instant, _ holdUntil: (OutboxEntry) -> Instant?) -> Bool {
        if let held = entry.heldUntil, held > now { return true }
        guard QuietHoursHold.applies(to: entry), let until = holdUntil(entry) else { return false }
        return until > now
    }
}
