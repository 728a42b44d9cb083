import BreezeOutboxValues
import BreezeVocabulary

/// Grouped attempts (`Group=`): the receiver's next entry and the other cities' next due
/// entries go as one message (`Grouping`); the outcome applies to each member, which keeps
/// its own attempts and backoff, and a retry forms its group anew.
extension DeliveryQueues {
    /// Starts a grouped attempt led by `queues[name][index]` when the receiver groups and
    /// enough entries are due; false when the entry goes alone.
    mutating func startGroup(
        _ name: String, at index: Int, target: DeliveryTarget, now: Instant, record: inout Record
    ) -> Bool {
        guard let atLeast = target.receiver.delivery.groupAtLeast, let queue = queues[name] else { return false }
        let receiver = target.receiver
        let check = quietHours
        guard
            let selection = Grouping.select(
                queue, head: index, atLeast: atLeast, now: now,
                holdUntil: { check($0.event, receiver, now) },
                capacity: { receiver.groupCapacity($0.map(\.event), at: now) })
        else { return false }
        queues[name] = selection.queue
        for fold in selection.folded {
            record.actions.append(.save(fold.resolve))
            for old in fold.superseded { record.actions += [.remove(old), .report(.superseded(old, by: fold.resolve))] }
        }
        let members = selection.members.map { selection.queue[$0] }
        inFlight[name] = members[0].sequence
        inFlightGroups[name] = members.map(\.sequence)
        let group = MessageGroup(receiver: name, events: members.map(\.event))
        record.actions.append(.attemptGroup(members, group: group, receiver: receiver))
        return true
    }

    /// Applies the outcome of a grouped attempt started by `step` to each of its `entries`:
    /// delivered, each is removed and reported as delivered in `group`; retried, each keeps
    /// its own count and delay; refused, each goes to `dead/`; 410, as for one entry. Call
    /// `step` again afterwards.
    public mutating func finished(
        group entries: [OutboxEntry], id: String, outcome: DeliveryOutcome, now: Instant, randomUnit: Double
    ) -> [DeliveryAction] {
        guard let name = entries.first?.receiver else { return [] }
        inFlight[name] = nil
        inFlightGroups[name] = nil
        guard var queue = queues[name] else { return [] }
        let schedule = targets[name]?.schedule ?? DeliverySchedule()
        var record = Record()
        for entry in entries {
            guard let index = queue.firstIndex(where: { $0.sequence == entry.sequence }) else { continue }
            switch Retry.verdict(queue[index], outcome: outcome, schedule: schedule, now: now, randomUnit: randomUnit) {
            case .delivered(let current):
                queue.remove(at: index)
                record.actions += [
                    .remove(current),
                    .report(.taken(current, outcome: outcome, group: GroupShare(id: id, size: entries.count))),
                ]
            case .retry(let current, let error, let newError):
                queue[index] = current
                record.actions.append(.save(current))
                if newError { record.actions.append(.report(.failed(current, error: error, final: false))) }
            case .giveUp(let decision):
                queue.remove(at: index)
                record.apply(StageResult(kept: [], givenUp: [decision]))
            case .disableReceiver(let reason):
                disabled[name] = reason
                queue[index].lastError = reason
                queues[name] = nil
                record.apply(GoneReceiver.giveUp(queue, disabledBecause: reason))
                return record.actions + [.report(.receiverGone(receiver: name, reason: reason, buried: queue.count))]
            }
        }
        queues[name] = queue
        return record.actions
    }
}
