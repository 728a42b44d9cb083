import BreezeAlerts
import BreezeVocabulary

/// What a receiver without a grouped format does: it is never given a group unless its
/// `DeliverySettings.groupAtLeast` is set, and then refuses it.
extension Receiver {
    public func deliver(group: MessageGroup, at now: Instant) -> DeliveryOutcome {
        .permanent(reason: "\(name): this receiver cannot deliver grouped messages")
    }

    public func groupCapacity(_ events: [AlertEvent], at now: Instant) -> Int {
        min(events.count, MessageGroup.mostMembers)
    }
}
