import BreezeAlerts
import BreezeModel
import BreezeOutboxValues
import BreezeVocabulary

/// The delivery state machine: per receiver, its pending entries in creation order. Pure:
/// the clock and randomness come in as arguments, and every effect (an attempt, a file
/// write, a log record) is returned as a `DeliveryAction` for the driver to perform.
///
/// Order: a receiver's entries go one at a time, oldest first; while the head is retrying
/// the rest wait, and receivers never wait for each other. Each step runs the stages of
/// `StageResult` (gone, orphans, future times, expiry, then wait → dedup → group for the next
/// entry) and records their decisions; `finished` runs the retry stage on an attempt's outcome.
/// With `Group=` the next entry may take the other cities' next due entries with it in one
/// attempt (`Grouping`, `DeliveryQueuesGrouping.swift`); the receiver's `groupCapacity`, a pure
/// function of the events, says how many fit.
public struct DeliveryQueues: Sendable {
    /// How long entries wait for a receiver that is not configured before they are given up.
    public static let orphanMaxAge: Duration = Orphans.maxAge

    public private(set) var targets: [String: DeliveryTarget] = [:]
    /// Pending entries per receiver name, in creation order.
    public internal(set) var queues: [String: [OutboxEntry]] = [:]
    /// Receivers with an attempt running, and the sequence of the entry being attempted.
    public internal(set) var inFlight: [String: UInt64] = [:]
    /// Receivers with a grouped attempt running, and the sequences of its entries.
    public internal(set) var inFlightGroups: [String: [UInt64]] = [:]
    /// Receivers disabled after 410 Gone, with the reason.
    public internal(set) var disabled: [String: String] = [:]
    /// When `step` next has something to do; nil when nothing is pending.
    public private(set) var nextWake: Instant?
    /// Once stopped, no new attempts start.
    public private(set) var stopped = false
    private var reportedOrphans: Set<String> = []
    let quietHours: QuietHoursCheck

    /// Queues for `targets`; `quietHours` is asked before each `firing`, `escalated` or
    /// `reminder` goes out.
    public init(targets: [DeliveryTarget], quietHours: @escaping QuietHoursCheck) {
        self.quietHours = quietHours
        replaceTargets(targets)
    }

    /// Swaps in the receivers of a new configuration. Entries of a receiver that is gone
    /// stay pending (reported once by `step`) and go out if it comes back.
    public mutating func replaceTargets(_ newTargets: [DeliveryTarget]) {
        targets = Dictionary(newTargets.map { ($0.receiver.name, $0) }, uniquingKeysWith: { first, _ in first })
        reportedOrphans = reportedOrphans.filter { targets[$0] == nil }
    }

    /// Adds entries (loaded at start, or new), each into its receiver's order.
    public mutating func add(_ entries: [OutboxEntry]) {
        for entry in entries {
            var queue = queues[entry.receiver, default: []]
            let index = queue.firstIndex { $0.sequence > entry.sequence } ?? queue.endIndex
            queue.insert(entry, at: index)
            queues[entry.receiver] = queue
        }
    }

    /// Whether `receiver` has an entry pending for the city named `city`.
    public func hasPending(receiver: String, city: String) -> Bool {
        // Of its AQI alert: a pending pollen or UV entry does not carry the AQI alert.
        queues[receiver]?.contains { $0.event.city.name == city && $0.event.about == .aqi } ?? false
    }

    /// The event ids pending for `receiver`.
    public func pendingEventIDs(receiver: String) -> Set<String> {
        Set((queues[receiver] ?? []).map(\.event.id))
    }

    /// Pending entries in all.
    public var pendingCount: Int { queues.values.reduce(0) { $0 + $1.count } }

    /// No new attempts from now on; running ones still report.
    public mutating func stop() { stopped = true }

    /// Everything due at `now`: attempts to start, entries to hold or give up. Sets `nextWake`.
    public mutating func step(now: Instant) -> [DeliveryAction] {
        var record = Record()
        for name in queues.keys.sorted() {
            guard let queue = queues[name], !queue.isEmpty else {
                queues[name] = nil
                continue
            }
            if let reason = disabled[name] {
                record.apply(GoneReceiver.giveUp(queue, disabledBecause: reason))
                queues[name] = nil
                continue
            }
            guard let target = targets[name] else {
                let orphans = Orphans.sort(queue, receiver: name, now: now)
                record.apply(orphans)
                queues[name] = orphans.kept.isEmpty ? nil : orphans.kept
                if !orphans.kept.isEmpty, reportedOrphans.insert(name).inserted {
                    record.actions.append(.report(.waitingForReceiver(receiver: name, entries: orphans.kept.count)))
                }
                continue
            }
            let maxAge = target.receiver.delivery.maxAge
            let clamped = record.apply(FutureTimes.clamp(queue, maxAge: maxAge, now: now))
            let attempting = Set([inFlight[name]].compactMap { $0 } + (inFlightGroups[name] ?? []))
            let current = record.apply(Expiry.sort(clamped, maxAge: maxAge, now: now, inFlight: attempting))
            queues[name] = current
            guard inFlight[name] == nil, !stopped else { continue }
            let selection = QuietHoursHold.select(current, now: now) { quietHours($0.event, target.receiver, now) }
            queues[name] = record.apply(selection.result)
            guard let index = selection.next else { continue }
            startOrWait(name, at: index, target: target, now: now, record: &record)
        }
        nextWake = record.wake
        return record.actions
    }

    /// The dedup stage, then the attempt: a `firing` due only now whose episode is over
    /// becomes one notice that it came and went; an entry not yet due waits for its time.
    mutating func startOrWait(
        _ name: String, at index: Int, target: DeliveryTarget, now: Instant, record: inout Record
    ) {
        guard var queue = queues[name] else { return }
        var entry = queue[index]
        if entry.nextAttemptAt <= now, let fold = EpisodeFolding.fold(queue, at: index) {
            queue = fold.queue
            queues[name] = queue
            entry = fold.resolve
            record.actions.append(.save(entry))
            for old in fold.superseded { record.actions += [.remove(old), .report(.superseded(old, by: entry))] }
        }
        if entry.nextAttemptAt > now {
            record.wake(at: entry.nextAttemptAt)
        } else if startGroup(name, at: index, target: target, now: now, record: &record) {
            return
        } else {
            inFlight[name] = entry.sequence
            record.actions.append(.attempt(entry, receiver: target.receiver))
        }
    }

    /// Applies the outcome of an attempt started by `step`. Call `step` again afterwards.
    public mutating func finished(
        _ entry: OutboxEntry, outcome: DeliveryOutcome, now: Instant, randomUnit: Double
    ) -> [DeliveryAction] {
        let name = entry.receiver
        inFlight[name] = nil
        guard var queue = queues[name], let index = queue.firstIndex(where: { $0.sequence == entry.sequence }) else {
            return []
        }
        let schedule = targets[name]?.schedule ?? DeliverySchedule()
        switch Retry.verdict(queue[index], outcome: outcome, schedule: schedule, now: now, randomUnit: randomUnit) {
        case .delivered(let current):
            queue.remove(at: index)
            queues[name] = queue
            return [.remove(current), .report(.taken(current, outcome: outcome, group: nil))]
        case .retry(let current, let error, let newError):
            queue[index] = current
            queues[name] = queue
            return [.save(current)] + (newError ? [.report(.failed(current, error: error, final: false))] : [])
        case .giveUp(let decision):
            queue.remove(at: index)
            queues[name] = queue
            var record = Record()
            record.apply(StageResult(kept: [], givenUp: [decision]))
            return record.actions
        case .disableReceiver(let reason):
            disabled[name] = reason
            queue[index].lastError = reason
            queues[name] = nil
            var record = Record()
            record.apply(GoneReceiver.giveUp(queue, disabledBecause: reason))
            return record.actions + [.report(.receiverGone(receiver: name, reason: reason, buried: queue.count))]
        }
    }
}

/// The record stage of `DeliveryQueues`: the actions and the earliest wake the stages' decisions come to.
struct Record {
    var actions: [DeliveryAction] = []
    var wake: Instant?

    mutating func wake(at time: Instant) { wake = min(wake ?? time, time) }

    /// Records `result`: each entry given up goes to `dead/` (and to the journal as a final
    /// failure, when its reason is logged for each entry); each change is saved, a quiet-hours
    /// hold also reported. Returns the entries kept.
    @discardableResult
    mutating func apply(_ result: StageResult) -> [OutboxEntry] {
        for decision in result.givenUp {
            actions.append(.bury(decision.entry, reason: decision.reason))
            if decision.reason.isLoggedForEachEntry {
                actions.append(.report(.failed(decision.entry, error: decision.reason.description, final: true)))
            }
        }
        for decision in result.changed {
            actions.append(.save(decision.entry))
            if case .quietHours(let until) = decision.reason { actions.append(.report(.held(decision.entry, until: until))) }
        }
        if let wake = result.wake { self.wake(at: wake) }
        return result.kept
    }
}
