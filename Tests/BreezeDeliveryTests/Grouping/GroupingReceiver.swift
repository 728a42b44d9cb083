import BreezeAlerts
import BreezeConfig
import BreezeDelivery
import BreezeOutboxValues
import Synchronization
import BreezeVocabulary

/// A receiver with `Group=` set that records each single and grouped attempt and answers
/// from a script (then `.delivered`); `capacity` caps a group's members.
final class GroupingReceiver: Receiver {
    let name: String
    let delivery: DeliverySettings
    let refreshesWhileFiring = false
    let capacity: Int
    private let script = Mutex<[DeliveryOutcome]>([])
    private let log = Mutex<[[String]]>([])

    init(_ name: String = "ops", groupAtLeast: Int? = 3, capacity: Int = 50, script: [DeliveryOutcome] = []) {
        self.name = name
        var settings = DeliverySettings(maxAge: .seconds(86_400))
        settings.groupAtLeast = groupAtLeast
        delivery = settings
        self.capacity = capacity
        self.script.withLock { $0 = script }
    }

    /// Each attempt's event ids: one for a single attempt, several for a group.
    var attempts: [[String]] { log.withLock { $0 } }

    func deliver(_ event: AlertEvent, at now: Instant) -> DeliveryOutcome {
        log.withLock { $0.append([event.id]) }
        return script.withLock { $0.isEmpty ? .delivered : $0.removeFirst() }
    }

    func deliver(group: MessageGroup, at now: Instant) -> DeliveryOutcome {
        log.withLock { $0.append(group.events.map(\.id)) }
        return script.withLock { $0.isEmpty ? .delivered : $0.removeFirst() }
    }

    func groupCapacity(_ events: [AlertEvent], at now: Instant) -> Int { min(events.count, capacity) }
}

extension DeliveryAction {
    /// The entries of a grouped attempt and its group, nil for other actions.
    var group: (entries: [OutboxEntry], group: MessageGroup)? {
        if case .attemptGroup(let entries, let group, _) = self { return (entries, group) }
        return nil
    }
}
