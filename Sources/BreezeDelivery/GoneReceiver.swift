import BreezeOutboxValues

/// 410 Gone: a receiver whose endpoint said it is no more takes nothing more in this process
/// (a reload does not bring it back; a restart does).
enum GoneReceiver {
    /// Gives up every entry of `queue`: the receiver was disabled because of `reason`.
    static func giveUp(_ queue: [OutboxEntry], disabledBecause reason: String) -> StageResult {
        StageResult(kept: [], givenUp: queue.map { StageDecision(entry: $0, reason: .receiverDisabled(reason)) })
    }
}
