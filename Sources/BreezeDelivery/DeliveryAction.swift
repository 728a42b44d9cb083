import BreezeAlerts
import BreezeOutboxValues
import BreezeVocabulary

/// Asks whether quiet hours hold `event` for `receiver` at `now`: nil when it may go now, else
/// when the hold ends.
public typealias QuietHoursCheck = @Sendable (_ event: AlertEvent, _ receiver: any Receiver, _ now: Instant) -> Instant?

/// A receiver as the delivery worker uses it: the receiver and its retry schedule.
public struct DeliveryTarget: Sendable {
    public var receiver: any Receiver
    public var schedule: DeliverySchedule

    /// `receiver`, retried on `schedule`.
    public init(receiver: any Receiver, schedule: DeliverySchedule = DeliverySchedule()) {
        self.receiver = receiver
        self.schedule = schedule
    }
}

/// One thing `DeliveryQueues` asks its driver to do, in the order given.
public enum DeliveryAction: Sendable {
    /// Call `receiver.deliver` for the entry, off the worker's queue, then report the outcome
    /// with `DeliveryQueues.finished`.
    case attempt(OutboxEntry, receiver: any Receiver)
    /// Call `receiver.deliver(group:)` for the entries as one message (`Group=`), off the
    /// worker's queue, then report the outcome with `DeliveryQueues.finished(group:…)`.
    case attemptGroup([OutboxEntry], group: MessageGroup, receiver: any Receiver)
    /// Rewrite the entry's file: attempts, next attempt, last error or hold changed.
    case save(OutboxEntry)
    /// Delete the entry's file: it was delivered.
    case remove(OutboxEntry)
    /// Move the entry to `dead/`, with the reason's sentence.
    case bury(OutboxEntry, reason: DeliveryReason)
    /// Tell the daemon (a journal record).
    case report(DeliveryReport)
}

/// A grouped message an entry went in: its id and how many entries it held.
public struct GroupShare: Sendable, Equatable {
    public var id: String
    public var size: Int

    public init(id: String, size: Int) {
        self.id = id
        self.size = size
    }
}

extension DeliveryReport {
    /// The report of `entry` done with `outcome` (delivered, partly, or spooled), alone or in
    /// the grouped message `group`.
    static func taken(_ entry: OutboxEntry, outcome: DeliveryOutcome, group: GroupShare?) -> DeliveryReport {
        switch outcome {
        case .partlyDelivered(let refused): .partlyDelivered(entry, refused: refused, group: group)
        case .spooled(let path): .spooled(entry, path: path, group: group)
        default: group.map { .deliveredInGroup(entry, group: $0.id, size: $0.size) } ?? .delivered(entry)
        }
    }
}

/// What the delivery side tells the daemon, which turns each into a journal record.
public enum DeliveryReport: Sendable, Equatable {
    /// The receiver took the entry.
    case delivered(OutboxEntry)
    /// The receiver took the entry as one of `size` in the grouped message `group` (its id).
    case deliveredInGroup(OutboxEntry, group: String, size: Int)
    /// The receiver took the entry for some recipients only (`refused` says who and why), in
    /// the grouped message `group` when there is one.
    case partlyDelivered(OutboxEntry, refused: String, group: GroupShare?)
    /// The entry's message is in the Maildir at `path` and was sent nowhere, in the grouped
    /// message `group` when there is one.
    case spooled(OutboxEntry, path: String, group: GroupShare?)
    /// An attempt failed: reported when its error text differs from the entry's last one,
    /// and always when `final` (the entry went to `dead/`).
    case failed(OutboxEntry, error: String, final: Bool)
    /// 410 Gone: the receiver is disabled until the daemon restarts; `buried` of its entries
    /// went to `dead/`.
    case receiverGone(receiver: String, reason: String, buried: Int)
    /// Entries wait for a receiver that is not (or no longer) configured. Reported once.
    case waitingForReceiver(receiver: String, entries: Int)
    /// Quiet hours hold the entry until the given time.
    case held(OutboxEntry, until: Instant)
    /// The entry (a firing and what followed it) goes no more: its episode resolved before it
    /// could be delivered, and the resolve goes in its place, saying so.
    case superseded(OutboxEntry, by: OutboxEntry)
    /// The outbox could not be read or written; the sentence says what failed.
    case storageFailed(String)
}
