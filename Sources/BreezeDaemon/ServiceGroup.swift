import BreezeVocabulary
import Dispatch
import Synchronization

/// The daemon's services in start order: started in that order, each handed a reloaded plan
/// in that order, and stopped in reverse, every wait for one bounded by one deadline (on the
/// injected clock), as swift-service-lifecycle's `ServiceGroup`.
///
/// Unlike there, a stop first tells every service to take no new work, last started first,
/// and only then waits for each in the same order: the delivery worker starts no new attempt
/// while the running cycle finishes. `DaemonPhase` tells the stop in stages (`stop(through:)`)
/// so that it can save the state between the cycle and the attempts.
final class ServiceGroup: Sendable {
    /// In start order.
    let services: [any DaemonService]
    private let clock: @Sendable () -> ClockReading
    /// Where the deadlines' timers fire.
    private let timers = DispatchQueue(label: "breezed.services")
    /// How many services, counted from the last started, have been told to stop.
    private let told = Mutex(0)

    init(_ services: [any DaemonService], clock: @escaping @Sendable () -> ClockReading) {
        self.services = services
        self.clock = clock
    }

    /// Starts every service, in order.
    func start(_ plan: DaemonPlan) {
        for service in services { service.start(plan) }
    }

    /// Hands every service `plan`, in order.
    func reload(_ plan: DaemonPlan) {
        for service in services { service.reload(plan) }
    }

    /// Stops every service, last started first, then waits for each in that order until it
    /// has stopped or `deadline` passes; `then` gets the names of those that had not stopped
    /// by then, on any queue.
    func stop(until deadline: Deadline, then: @escaping @Sendable (_ late: [String]) -> Void) {
        if let first = services.first { stop(through: first) }
        whenStopped(until: deadline, then: then)
    }

    /// Tells each service not yet told, from the last started down to `last`, to stop; a
    /// service told once is not told again.
    func stop(through last: any DaemonService) {
        guard let index = services.firstIndex(where: { $0 === last }) else { return }
        let count = services.count
        let due = told.withLock { told -> [any DaemonService] in
            let firstTold = count - told
            guard index < firstTold else { return [] }
            told = count - index
            return Array(services[index..<firstTold])
        }
        for service in due.reversed() { service.stop() }
    }

    /// Calls `then` once every service has stopped or `deadline` has passed for it, waiting
    /// for them last started first; `late` names those the deadline passed for.
    func whenStopped(until deadline: Deadline, then: @escaping @Sendable (_ late: [String]) -> Void) {
        wait(for: services.reversed(), late: [], until: deadline, then: then)
    }

    /// Calls `then` once, on any queue: with true when `service` has stopped, with false when
    /// `deadline` passed first.
    func whenStopped(
        _ service: any DaemonService, until deadline: Deadline, then: @escaping @Sendable (_ inTime: Bool) -> Void
    ) {
        let answered = Once()
        service.whenStopped { if answered.claim() { then(true) } }
        timers.asyncAfter(deadline: .now() + remaining(until: deadline).seconds) {
            if answered.claim() { then(false) }
        }
    }

    /// The time left until `deadline` by the injected clock, at most a day.
    func remaining(until deadline: Deadline) -> Duration {
        min(max(.zero, deadline.remaining(at: clock())), .seconds(86_400))
    }

    private func wait(
        for rest: [any DaemonService], late: [String], until deadline: Deadline,
        then: @escaping @Sendable ([String]) -> Void
    ) {
        guard let next = rest.first else { return then(late) }
        whenStopped(next, until: deadline) { inTime in
            self.wait(for: Array(rest.dropFirst()), late: inTime ? late : late + [next.name], until: deadline, then: then)
        }
    }
}

/// True for the first caller of `claim` alone: whichever of a service's stop and its
/// deadline comes first answers.
private final class Once: Sendable {
    private let claimed = Mutex(false)

    func claim() -> Bool {
        claimed.withLock { claimed in
            defer { claimed = true }
            return !claimed
        }
    }
}
