import BreezeAlerts
import BreezeModel
import BreezeVocabulary

/// The delivery state machine: per receiver, its pending entries in creation order. Pure:
/// the clock and randomness come in as arguments, and every effect (an attempt, a file
/// write, a log record) is returned as a `DeliveryAction` for the driver to perform.
///
/// Order: a receiver's entries go one at a time, oldest first; while the head is retrying
/// the rest wait, and receivers never wait for each other. Quiet hours hold an entry
/// without holding other cities' entries behind it, but later entries of the same city wait
/// with it — unless one of them may go now (Very Unhealthy, Hazardous): then the city's
/// held entries go first, in order.
public struct DeliveryQueues: Sendable {
    /// How long entries wait for a receiver that is not configured before they are given up.
    public static let orphanMaxAge: Double = 24 * 3600

    public private(set) var targets: [String: DeliveryTarget] = [:]
    /// Pending entries per receiver name, in creation order.
    public private(set) var queues: [String: [OutboxEntry]] = [:]
    /// Receivers with an attempt running, and the sequence of the entry being attempted.
    public private(set) var inFlight: [String: UInt64] = [:]
    /// Receivers disabled after 410 Gone, with the reason.
    public private(set) var disabled: [String: String] = [:]
    /// When `step` next has something to do, unix seconds; nil when nothing is pending.
    public private(set) var nextWake: Double?
    /// Once stopped, no new attempts start.
    public private(set) var stopped = false
    private var reportedOrphans: Set<String> = []
    private let quietHours: QuietHoursCheck

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
        queues[receiver]?.contains { $0.event.city.name == city } ?? false
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
    public mutating func step(now: Double) -> [DeliveryAction] {
        var actions: [DeliveryAction] = []
        var wake: Double?
        func wakeAt(_ time: Double) { wake = min(wake ?? time, time) }
        for name in queues.keys.sorted() {
            guard !(queues[name] ?? []).isEmpty else {
                queues[name] = nil
                continue
            }
            if let reason = disabled[name] {
                for entry in queues[name] ?? [] { actions.append(.bury(entry, reason: "receiver disabled: \(reason)")) }
                queues[name] = nil
                continue
            }
            guard let target = targets[name] else {
                actions += stepOrphans(name, now: now, wakeAt: wakeAt)
                continue
            }
            actions += clampFutureTimes(name, maxAge: target.receiver.maxAge.seconds, now: now)
            actions += expire(name, maxAge: target.receiver.maxAge.seconds, now: now, wakeAt: wakeAt)
            guard inFlight[name] == nil, !stopped,
                let index = candidate(name, target: target, now: now, actions: &actions, wakeAt: wakeAt)
            else { continue }
            var entry = queues[name]![index]
            // A firing due only now, whose episode is over: one notice that it came and went.
            if entry.nextAttemptAt <= now, let fold = EpisodeFolding.fold(queues[name]!, at: index) {
                queues[name] = fold.queue
                entry = fold.resolve
                actions.append(.save(entry))
                for old in fold.superseded { actions += [.remove(old), .report(.superseded(old, by: entry))] }
            }
            if entry.nextAttemptAt > now {
                wakeAt(entry.nextAttemptAt)
            } else {
                inFlight[name] = entry.sequence
                actions.append(.attempt(entry, receiver: target.receiver))
            }
        }
        nextWake = wake
        return actions
    }

    /// Applies the outcome of an attempt started by `step`. Call `step` again afterwards.
    public mutating func finished(
        _ entry: OutboxEntry, outcome: DeliveryOutcome, now: Double, randomUnit: Double
    ) -> [DeliveryAction] {
        let name = entry.receiver
        inFlight[name] = nil
        guard var queue = queues[name], let index = queue.firstIndex(where: { $0.sequence == entry.sequence }) else {
            return []
        }
        var current = queue[index]
        current.attempts = min(current.attempts, OutboxEntry.mostAttempts - 1) + 1
        switch outcome {
        case .delivered:
            queue.remove(at: index)
            queues[name] = queue
            return [.remove(current), .report(.delivered(current))]
        case .retry(let reason, let retryAfter):
            let schedule = targets[name]?.schedule ?? DeliverySchedule()
            let changed = current.lastError != reason
            current.lastError = reason
            current.nextAttemptAt = now + schedule.delay(
                afterFailures: current.attempts, retryAfter: retryAfter?.seconds, randomUnit: randomUnit)
            queue[index] = current
            queues[name] = queue
            return [.save(current)] + (changed ? [.report(.failed(current, error: reason, final: false))] : [])
        case .permanent(let reason):
            current.lastError = reason
            queue.remove(at: index)
            queues[name] = queue
            return [.bury(current, reason: reason), .report(.failed(current, error: reason, final: true))]
        case .gone(let reason):
            disabled[name] = reason
            queue[index].lastError = reason
            queues[name] = nil
            let buried = queue.map { DeliveryAction.bury($0, reason: "receiver disabled: \(reason)") }
            return buried + [.report(.receiverGone(receiver: name, reason: reason, buried: queue.count))]
        }
    }

    /// An entry created while the clock ran ahead (`createdAt` beyond `ClockSkew.tolerance`)
    /// counts as created now, due now and not held — once, saved — so it neither waits for
    /// that future nor escapes `MaxAge`. A retry set further ahead than any backoff or
    /// `Retry-After` worth waiting for (a day, or `MaxAge` when longer) is due now, and a hold
    /// longer than a day is no quiet-hours window: both were set while the clock ran ahead.
    private mutating func clampFutureTimes(_ name: String, maxAge: Double, now: Double) -> [DeliveryAction] {
        guard var queue = queues[name] else { return [] }
        var actions: [DeliveryAction] = []
        for index in queue.indices {
            var entry = queue[index]
            if ClockSkew.clamp(entry.createdAt, now: now) != entry.createdAt {
                entry.createdAt = now
                entry.nextAttemptAt = min(entry.nextAttemptAt, now)
                entry.heldUntil = nil
            }
            if let held = entry.heldUntil, !(held <= now + ClockSkew.tolerance + 86_400) { entry.heldUntil = nil }
            if !(entry.nextAttemptAt <= now + ClockSkew.tolerance + max(86_400, maxAge)) { entry.nextAttemptAt = now }
            if entry != queue[index] {
                queue[index] = entry
                actions.append(.save(entry))
            }
        }
        queues[name] = queue
        return actions
    }

    /// Gives up entries older than `maxAge`, counted from creation or from the end of their
    /// quiet-hours hold; held entries (and their city's behind them) never while held.
    private mutating func expire(
        _ name: String, maxAge: Double, now: Double, wakeAt: (Double) -> Void
    ) -> [DeliveryAction] {
        var actions: [DeliveryAction] = []
        var kept: [OutboxEntry] = []
        // Per city, the latest hold among its entries so far: those behind a held entry
        // wait with it, and their age counts from the end of the hold too.
        var holdOfCity: [String: Double] = [:]
        for entry in queues[name] ?? [] {
            let city = entry.event.city.name
            let hold = max(entry.heldUntil ?? 0, holdOfCity[city] ?? 0)
            if hold > 0 { holdOfCity[city] = hold }
            let since = max(entry.createdAt, hold)
            let inFlightNow = inFlight[name] == entry.sequence
            if now - since >= maxAge, hold <= now, !inFlightNow {
                let reason = "not delivered within MaxAge " + Self.describe(maxAge)
                    + (entry.lastError.map { "; last error: \($0)" } ?? "")
                actions += [.bury(entry, reason: reason), .report(.failed(entry, error: reason, final: true))]
            } else {
                kept.append(entry)
                wakeAt(since + maxAge)
            }
        }
        queues[name] = kept
        return actions
    }

    /// Entries of a receiver no longer configured: reported once; given up after
    /// `orphanMaxAge`.
    private mutating func stepOrphans(_ name: String, now: Double, wakeAt: (Double) -> Void) -> [DeliveryAction] {
        var actions: [DeliveryAction] = []
        var kept: [OutboxEntry] = []
        for entry in queues[name] ?? [] {
            if now - entry.createdAt >= Self.orphanMaxAge {
                let reason = "receiver \"\(name)\" is not configured; waited " + Self.describe(Self.orphanMaxAge)
                actions += [.bury(entry, reason: reason), .report(.failed(entry, error: reason, final: true))]
            } else {
                kept.append(entry)
                wakeAt(entry.createdAt + Self.orphanMaxAge)
            }
        }
        queues[name] = kept.isEmpty ? nil : kept
        if !kept.isEmpty, reportedOrphans.insert(name).inserted {
            actions.append(.report(.waitingForReceiver(receiver: name, entries: kept.count)))
        }
        return actions
    }

    /// The index of the entry that goes next for `name`, applying quiet hours on the way.
    private mutating func candidate(
        _ name: String, target: DeliveryTarget, now: Double, actions: inout [DeliveryAction],
        wakeAt: (Double) -> Void
    ) -> Int? {
        guard var queue = queues[name] else { return nil }
        defer { queues[name] = queue }
        var heldCities: [String: (first: Int, until: Double)] = [:]
        for index in queue.indices {
            let entry = queue[index]
            let city = entry.event.city.name
            let subject = Self.quietHoursApply(to: entry)
            if subject, let until = quietHours(entry.event, target.receiver, now), until > now {
                if entry.heldUntil != until {
                    queue[index].heldUntil = until
                    actions += [.save(queue[index]), .report(.held(queue[index], until: until))]
                }
                heldCities[city] = (heldCities[city]?.first ?? index, max(heldCities[city]?.until ?? 0, until))
                wakeAt(until)
                continue
            }
            guard let (firstHeld, until) = heldCities[city] else { return index }
            // A later entry of a held city waits with it (held as long), unless it may go
            // during quiet hours (a worse band): then the held ones go first, hold waived.
            guard subject else {
                if entry.heldUntil != until {
                    queue[index].heldUntil = until
                    actions.append(.save(queue[index]))
                }
                continue
            }
            for waived in firstHeld..<index where queue[waived].event.city.name == city && !queue[waived].quietHoursWaived {
                queue[waived].quietHoursWaived = true
                queue[waived].heldUntil = nil
                actions.append(.save(queue[waived]))
            }
            return firstHeld
        }
        return nil
    }

    /// Quiet hours concern `firing`, `escalated` and `reminder`, not refreshes of an alert
    /// already delivered, nor entries whose hold was waived.
    static func quietHoursApply(to entry: OutboxEntry) -> Bool {
        guard !entry.isRefresh, !entry.quietHoursWaived else { return false }
        return [.firing, .escalated, .reminder].contains(entry.event.kind)
    }

    /// `24h`, `90s`, `90min` (`DurationText.exactUnit`).
    static func describe(_ seconds: Double) -> String { DurationText.exactUnit(Duration(seconds: seconds)) }
}
