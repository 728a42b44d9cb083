import BreezeVocabulary
import BreezeModel
import BreezeOutboxValues

/// Times set while the clock ran ahead. An entry created beyond `ClockSkew.tolerance` counts as
/// created now, due now and not held, so it neither waits for that future nor escapes
/// `MaxAge`. A retry set further ahead than any backoff or `Retry-After` worth waiting for (a
/// day, or `MaxAge` when longer) is due now, and a hold longer than a day is no quiet-hours
/// window. Each change is made once: the entry is saved with it.
enum FutureTimes {
    /// `queue` with its implausible future times brought back to `now`.
    static func clamp(_ queue: [OutboxEntry], maxAge: Duration, now: Instant) -> StageResult {
        var result = StageResult(kept: [])
        for original in queue {
            var entry = original
            if ClockSkew.clamp(entry.createdAt, now: now) != entry.createdAt {
                entry.createdAt = now
                entry.nextAttemptAt = min(entry.nextAttemptAt, now)
                entry.heldUntil = nil
            }
            if let held = entry.heldUntil, !(held <= now + ClockSkew.tolerance + Self.day) { entry.heldUntil = nil }
            if !(entry.nextAttemptAt <= now + ClockSkew.tolerance + max(Self.day, maxAge)) { entry.nextAttemptAt = now }
            if entry != original { result.changed.append(StageDecision(entry: entry, reason: .clockRanAhead)) }
            result.kept.append(entry)
        }
        return result
    }

    private static let day = Duration.seconds(86_400)
}
