import BreezeOutboxValues
import BreezeVocabulary

/// The retry stage: what an attempt's outcome means for its entry.
enum Retry {
    /// What becomes of an attempted entry.
    enum Verdict: Sendable, Equatable {
        /// The receiver took it (or only spooled it: `DeliveryReport.taken` tells which): it goes.
        case delivered(OutboxEntry)
        /// Tried again at its `nextAttemptAt`; `newError` when the error differs from the last.
        case retry(OutboxEntry, error: String, newError: Bool)
        /// Given up: trying again cannot help.
        case giveUp(StageDecision)
        /// 410 Gone: the receiver takes nothing more.
        case disableReceiver(reason: String)
    }

    /// The verdict on `entry` (as pending, before this attempt is counted) after `outcome` at
    /// `now`: the attempt counted, a retry due after `schedule`'s delay (`randomUnit` 0…1
    /// for its jitter).
    static func verdict(
        _ entry: OutboxEntry, outcome: DeliveryOutcome, schedule: DeliverySchedule, now: Instant, randomUnit: Double
    ) -> Verdict {
        var current = entry
        current.attempts = min(current.attempts, OutboxEntry.mostAttempts - 1) + 1
        switch outcome {
        case .delivered, .partlyDelivered, .spooled:
            return .delivered(current)
        case .retry(let reason, let retryAfter):
            let newError = current.lastError != reason
            current.lastError = reason
            current.nextAttemptAt = now + Duration(
                seconds: schedule.delay(
                    afterFailures: current.attempts, retryAfter: retryAfter?.seconds, randomUnit: randomUnit))
            return .retry(current, error: reason, newError: newError)
        case .permanent(let reason):
            current.lastError = reason
            return .giveUp(StageDecision(entry: current, reason: .refused(reason)))
        case .gone(let reason):
            return .disableReceiver(reason: reason)
        }
    }
}
