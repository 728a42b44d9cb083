import BreezeAlerts
import BreezeModel
import BreezeOutboxValues

/// An alert that never reached its receiver before the air got better: when a receiver's
/// `firing` is due while a `resolved` of the same city waits behind it (the receiver was down,
/// the disk full, quiet hours held it), the receiver gets one notice that the episode came and
/// went — the `resolved`, marked `unannounced` — instead of an urgent alert for air that is
/// fine again, followed by the all-clear.
enum EpisodeFolding {
    /// What folding the entry at an index did.
    struct Fold {
        /// The receiver's queue afterwards.
        var queue: [OutboxEntry]
        /// Where the marked `resolved` is in it: the entry that goes now, in the firing's place
        /// (so the receiver's other entries still wait behind it while it is retried).
        var index: Int
        /// The entries it stands for, which go no more.
        var superseded: [OutboxEntry]

        var resolve: OutboxEntry { queue[index] }
    }

    /// Folds `queue[index]` into the first `resolved` of its city behind it, when that entry is
    /// a `firing` (not a refresh: the receiver has not heard of the episode) and such a resolve
    /// exists; nil otherwise. Every entry of the city from `index` up to the resolve is
    /// superseded; the resolve carries the episode's start and its worst announced band, and
    /// takes the firing's place.
    static func fold(_ queue: [OutboxEntry], at index: Int) -> Fold? {
        guard queue.indices.contains(index) else { return nil }
        let first = queue[index]
        guard first.event.kind == .firing, !first.isRefresh else { return nil }
        let city = first.event.city.name
        guard
            let resolveIndex = queue[(index + 1)...].firstIndex(where: {
                $0.event.city.name == city && $0.event.episodeSubject == first.event.episodeSubject && $0.event.kind == .resolved
            })
        else { return nil }
        var superseded: [OutboxEntry] = []
        var worst: Band?
        var kept: [OutboxEntry] = []
        for position in queue.indices where position != resolveIndex {
            let entry = queue[position]
            // A forecast is about another day: the current air's episode never folds it.
            // Nor does it fold the city's pollen or UV alerts: each subject has its own episodes.
            if position >= index, position < resolveIndex, entry.event.city.name == city, !entry.event.kind.isForecast,
                entry.event.episodeSubject == first.event.episodeSubject
            {
                superseded.append(entry)
                if let band = entry.event.band, [.firing, .escalated, .reminder].contains(entry.event.kind) {
                    worst = max(worst ?? band, band)
                }
            } else {
                kept.append(entry)
            }
        }
        var resolve = queue[resolveIndex]
        resolve.event.unannounced = UnannouncedEpisode(startedAt: first.event.createdAt, band: worst)
        // Nothing before `index` was removed: the firing's place is still `index`.
        kept.insert(resolve, at: index)
        return Fold(queue: kept, index: index, superseded: superseded)
    }
}
