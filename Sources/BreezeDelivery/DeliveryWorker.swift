import BreezeAlerts
import BreezeFiles
import BreezeOutboxValues
import Dispatch
import BreezeVocabulary

/// One event for one receiver, as the daemon routes it.
public struct DeliveryRequest: Sendable, Equatable {
    public var event: AlertEvent
    public var receiver: String
    /// A re-send that keeps a firing alert alive (Alertmanager); skipped when the receiver
    /// already has an entry pending for the city, which carries the alert anyway.
    public var isRefresh: Bool

    public init(event: AlertEvent, receiver: String, isRefresh: Bool = false) {
        self.event = event
        self.receiver = receiver
        self.isRefresh = isRefresh
    }
}

/// A request `DeliveryWorker.submit` could not write to the outbox.
public struct SubmitFailure: Sendable, Equatable {
    public var request: DeliveryRequest
    public var error: FileError

    public init(request: DeliveryRequest, error: FileError) {
        self.request = request
        self.error = error
    }
}

/// Drives `DeliveryQueues` with Dispatch: its own serial queue owns the state, attempts run on
/// a serial queue per receiver — at most one per receiver, each on a thread of its own even
/// when every core is busy — and a timer (`WakeUpTimers`) wakes it when the next entry is
/// due. Polling waits for the worker only in `submit`, which writes (and fsyncs) each new
/// entry on the worker's queue before it returns; it never waits for an attempt. Every
/// property is touched on `queue` alone.
public final class DeliveryWorker: @unchecked Sendable {
    private let queue = DispatchQueue(label: "breezed.delivery")
    /// Each receiver's attempts, by receiver name: serial queues get a thread even while the
    /// shared pool is busy, so a slow receiver never holds up another's attempt.
    private var attemptQueues: [String: DispatchQueue] = [:]
    private let outbox: Outbox
    private let clock: @Sendable () -> Instant
    private let random: @Sendable () -> Double
    private let report: @Sendable (DeliveryReport) -> Void
    private let longestSleep: Double
    private let wakeUps: any WakeUpTimers
    private var machine: DeliveryQueues
    private var lastSequence: UInt64 = 0
    private var timer: (any WakeUpTimer)?
    /// Failed outbox updates, so a full disk is reported once, not on every attempt.
    private let storageFailures = FailureLatch()
    /// Called once no attempt runs and none is due (`whenIdle`).
    private var idleWaiters: [@Sendable () -> Void] = []
    /// Called once no attempt runs (`whenNoAttemptRuns`).
    private var attemptWaiters: [@Sendable () -> Void] = []
    /// Deliveries since the worker started, by receiver, then `DeliveryResult`.
    private var counts: [String: [String: Int]] = [:]

    /// - Parameters:
    ///   - clock: the wall clock (the one clock's wall side).
    ///   - random: uniform in 0…1, for jitter.
    ///   - report: receives what the daemon logs; called on the worker's queue.
    ///   - longestSleep: the longest the timer sleeps between looks at the clock, so a wall
    ///     clock jump delays nothing for long.
    ///   - wakeUps: makes the timer that wakes the worker when the next entry is due.
    public init(
        outbox: Outbox, targets: [DeliveryTarget], quietHours: @escaping QuietHoursCheck,
        clock: @escaping @Sendable () -> Instant, random: @escaping @Sendable () -> Double,
        longestSleep: Double = 60, wakeUps: any WakeUpTimers = DispatchWakeUpTimers(),
        report: @escaping @Sendable (DeliveryReport) -> Void
    ) {
        self.outbox = outbox
        self.clock = clock
        self.random = random
        self.report = report
        self.longestSleep = longestSleep
        self.wakeUps = wakeUps
        machine = DeliveryQueues(targets: targets, quietHours: quietHours)
    }

    /// Loads every entry left in the outbox (a restart, a `kill -9`) and starts delivering.
    /// Blocks until the outbox is read, so entries submitted next sort after them.
    public func start() {
        queue.sync {
            let scan = outbox.load()
            for corrupt in scan.corrupt { report(.storageFailed("corrupt outbox entry \(corrupt.path): \(corrupt.reason)")) }
            lastSequence = scan.entries.map(\.sequence).max() ?? 0
            machine.add(scan.entries)
            timer = wakeUps.timer(on: queue) { [weak self] in self?.step() }
            step()
        }
    }

    /// Writes each request to the outbox (durably, before this returns) and wakes the worker.
    /// A request whose event is already pending for its receiver is a no-op. Returns the
    /// writes that failed; those requests are not delivered (the caller keeps its state so
    /// that they are made again).
    @discardableResult
    public func submit(_ requests: [DeliveryRequest]) -> [SubmitFailure] {
        queue.sync {
            var failures: [SubmitFailure] = []
            // Looked up once per receiver and call: a backlog makes per-request scans slow.
            var pendingIDs: [String: Set<String>] = [:]
            for request in requests {
                if request.isRefresh, machine.hasPending(receiver: request.receiver, city: request.event.city.name) {
                    continue
                }
                // The same event again (found again after a crash before the state was saved):
                // the entry already pending carries it.
                if pendingIDs[request.receiver] == nil {
                    pendingIDs[request.receiver] = machine.pendingEventIDs(receiver: request.receiver)
                }
                guard pendingIDs[request.receiver]!.insert(request.event.id).inserted else { continue }
                let now = clock()
                lastSequence = max(lastSequence + 1, UInt64(max(0, now.unixSeconds * 1e9)))
                let entry = OutboxEntry(
                    event: request.event, receiver: request.receiver, sequence: lastSequence, createdAt: now,
                    isRefresh: request.isRefresh)
                do throws(FileError) {
                    try outbox.write(entry)
                    machine.add([entry])
                } catch {
                    failures.append(SubmitFailure(request: request, error: error))
                }
            }
            queue.async { self.step() }
            return failures
        }
    }

    /// Puts the given-up entries of the receivers `accepts` names back in the outbox and
    /// delivers them anew (`breezectl outbox retry`). Returns how many went back and the
    /// files that could not be moved.
    public func requeueDead(accepts: @escaping (String) -> Bool) -> (count: Int, failures: [FileError]) {
        queue.sync {
            let result = outbox.requeue(now: clock(), accepts: accepts)
            machine.add(result.requeued)
            queue.async { self.step() }
            return (result.requeued.count, result.failures)
        }
    }

    /// Swaps in the receivers of a reloaded configuration.
    public func replaceTargets(_ targets: [DeliveryTarget]) {
        queue.async {
            self.machine.replaceTargets(targets)
            self.step()
        }
    }

    /// Pending entries in all.
    public var pendingCount: Int { queue.sync { machine.pendingCount } }

    /// Deliveries since the worker started, by receiver, then result (`DeliveryResult`'s raw
    /// values): every attempt delivered or failed, every entry moved to `dead/`.
    public var deliveryCounts: [String: [String: Int]] { queue.sync { counts } }

    private func count(_ result: DeliveryResult, receiver: String) {
        counts[receiver, default: [:]][result.rawValue, default: 0] += 1
    }

    /// Calls `handler` once, on the worker's queue, as soon as no attempt runs and none is due
    /// now: every entry left waits for a retry, a hold, or a receiver (at once if so already).
    public func whenIdle(_ handler: @escaping @Sendable () -> Void) {
        queue.async {
            self.idleWaiters.append(handler)
            self.step()
        }
    }

    /// Calls `handler` once, on the worker's queue, as soon as no attempt runs (at once if
    /// none does): after `stop`, when the last running attempt has finished.
    public func whenNoAttemptRuns(_ handler: @escaping @Sendable () -> Void) {
        queue.async {
            self.attemptWaiters.append(handler)
            self.callWaiters(idle: false)
        }
    }

    /// Blocks until the worker is idle (see `whenIdle`) or `timeout` has passed; true when idle.
    @discardableResult
    public func waitUntilIdle(timeout: Duration) -> Bool {
        Self.wait(timeout: timeout, for: whenIdle)
    }

    /// Starts no more attempts (SIGTERM). Running ones finish within their receiver's
    /// timeout; `waitForAttempts` and `whenNoAttemptRuns` wait for them.
    public func stop() {
        queue.sync {
            machine.stop()
            timer?.cancel()
        }
    }

    /// Blocks until no attempt runs, or `timeout` has passed; true when none runs.
    @discardableResult
    public func waitForAttempts(timeout: Duration) -> Bool {
        Self.wait(timeout: timeout, for: whenNoAttemptRuns)
    }

    private static func wait(
        timeout: Duration, for register: (@escaping @Sendable () -> Void) -> Void
    ) -> Bool {
        // Signalled once, by the state change itself: nothing here looks again and again.
        let reached = DispatchSemaphore(value: 0)
        register { reached.signal() }
        return reached.wait(timeout: .now() + max(0, timeout.seconds)) == .success
    }

    /// Calls the waiters whose condition holds; `idle` right after a step, when whatever was
    /// due has started.
    private func callWaiters(idle: Bool) {
        dispatchPrecondition(condition: .onQueue(queue))
        guard machine.inFlight.isEmpty else { return }
        let waiters = attemptWaiters + (idle ? idleWaiters : [])
        attemptWaiters = []
        if idle { idleWaiters = [] }
        waiters.forEach { $0() }
    }

    private func step() {
        dispatchPrecondition(condition: .onQueue(queue))
        perform(machine.step(now: clock()))
        // Whatever was due has started: with nothing in flight now, the worker is idle.
        callWaiters(idle: true)
        guard let timer, !machine.stopped else { return }
        if let wake = machine.nextWake {
            timer.schedule(after: min(longestSleep, max(0.001, (wake - clock()).seconds)))
        } else {
            timer.schedule(after: longestSleep)
        }
    }

    private func perform(_ actions: [DeliveryAction]) {
        dispatchPrecondition(condition: .onQueue(queue))
        for action in actions {
            switch action {
            case .attempt(let entry, let receiver):
                let clock = self.clock
                attemptQueue(receiver.name).async { [self] in
                    let outcome = receiver.deliver(entry.event, at: clock())
                    queue.async { [self] in
                        if let result = DeliveryResult(outcome) { count(result, receiver: entry.receiver) }
                        perform(machine.finished(entry, outcome: outcome, now: clock(), randomUnit: random()))
                        step()
                    }
                }
            case .attemptGroup(let entries, let group, let receiver):
                let clock = self.clock
                attemptQueue(receiver.name).async { [self] in
                    let outcome = receiver.deliver(group: group, at: clock())
                    queue.async { [self] in
                        if let result = DeliveryResult(outcome) {
                            for entry in entries { count(result, receiver: entry.receiver) }
                        }
                        perform(machine.finished(
                            group: entries, id: group.id, outcome: outcome, now: clock(), randomUnit: random()))
                        step()
                    }
                }
            case .save(let entry):
                store("cannot update the outbox entry") { () throws(FileError) in try outbox.write(entry) }
            case .remove(let entry):
                store("cannot remove the delivered outbox entry") { () throws(FileError) in try outbox.remove(entry) }
            case .bury(let entry, let reason):
                count(.dead, receiver: entry.receiver)
                store("cannot move the outbox entry to dead/") { () throws(FileError) in
                    try outbox.bury(entry, reason: reason.description)
                }
            case .report(let message):
                report(message)
            }
        }
    }

    private func attemptQueue(_ receiver: String) -> DispatchQueue {
        dispatchPrecondition(condition: .onQueue(queue))
        if let existing = attemptQueues[receiver] { return existing }
        let created = DispatchQueue(label: "breezed.delivery.attempts")
        attemptQueues[receiver] = created
        return created
    }

    private func store(_ what: String, _ operation: () throws(FileError) -> Void) {
        do {
            try operation()
            storageFailures.succeeded()
        } catch {
            if storageFailures.failed(error.reason) { report(.storageFailed("\(what): \(error)")) }
        }
    }
}
