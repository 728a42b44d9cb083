import BreezeVocabulary

/// The daemon's life as a value: between cycles, in a cycle, stopping, stopped. Each event
/// returns the actions the daemon performs, in order; nothing here reads a clock or touches a
/// queue, so tests drive it with the times they choose.
///
/// The stop is one ordered sequence, every wait bounded by one deadline (monotonic seconds
/// on the injected clock): the loop stops arming cycles → the HTTP listener closes → the delivery worker starts no new
/// attempt → a running cycle gets until the deadline to finish (its events reach the outbox
/// before its state is kept) → the state is saved → attempts already running get until the
/// deadline → exit. An attempt cut short stays in the outbox and is sent on the next start.
struct DaemonPhase: Equatable {
    enum Phase: Equatable {
        case betweenCycles
        case cycling
        /// Stopping, waiting for `awaiting` until `deadline`.
        case stopping(awaiting: StopWait, deadline: Deadline)
        case stopped
    }

    /// What a stop is waiting for.
    enum StopWait: Equatable {
        case cycle
        case attempts
    }

    enum Action: Equatable {
        /// Run one cycle on the work queue.
        case runCycle
        /// Keep the finished cycle's state as the daemon's.
        case adoptCycleResult
        /// Tell the poll loop the cycle finished, then announce the status.
        case completeCycle
        /// `STOPPING=1` and the log record.
        case announceStop
        /// The poll loop arms no more cycles; the services started after it stop too (the
        /// digest schedule, the control socket).
        case stopLoop
        /// Close the HTTP listener and its connections; the extras start no new fetch.
        case stopListener
        /// The delivery worker starts no new attempt; the heartbeat sends no more.
        case stopDelivery
        /// Wait for the running cycle, or `until`, whichever comes first.
        case waitForCycle(until: Deadline)
        /// Save the state.
        case persist
        /// Wait for running delivery attempts, or `until`, whichever comes first.
        case waitForAttempts(until: Deadline)
        case exit
    }

    private(set) var phase: Phase = .betweenCycles

    var cycleRunning: Bool {
        switch phase {
        case .cycling, .stopping(awaiting: .cycle, _): return true
        default: return false
        }
    }

    /// The loop asks for a cycle. While stopping there is none: the loop is stopped too.
    mutating func cycleDue() -> [Action] {
        guard phase == .betweenCycles else { return [] }
        phase = .cycling
        return [.runCycle]
    }

    /// The running cycle finished, its events in the outbox.
    mutating func cycleFinished() -> [Action] {
        switch phase {
        case .cycling:
            phase = .betweenCycles
            return [.adoptCycleResult, .persist, .completeCycle]
        case .stopping(awaiting: .cycle, let deadline):
            phase = .stopping(awaiting: .attempts, deadline: deadline)
            return [.adoptCycleResult, .persist, .waitForAttempts(until: deadline)]
        default:
            // Too late: the stop went on without it (its events are in the outbox, and its
            // state is found again on the next start).
            return []
        }
    }

    /// SIGTERM or SIGINT, allowing until `deadline` (the stop's time plus its grace) in all.
    mutating func stop(until deadline: Deadline) -> [Action] {
        let first: [Action] = [.announceStop, .stopLoop, .stopListener, .stopDelivery]
        switch phase {
        case .betweenCycles:
            phase = .stopping(awaiting: .attempts, deadline: deadline)
            return first + [.persist, .waitForAttempts(until: deadline)]
        case .cycling:
            phase = .stopping(awaiting: .cycle, deadline: deadline)
            return first + [.waitForCycle(until: deadline)]
        case .stopping, .stopped:
            return []
        }
    }

    /// The deadline for the running cycle passed.
    mutating func cycleWaitEnded() -> [Action] {
        guard case .stopping(awaiting: .cycle, let deadline) = phase else { return [] }
        phase = .stopping(awaiting: .attempts, deadline: deadline)
        return [.persist, .waitForAttempts(until: deadline)]
    }

    /// The running attempts finished, or their deadline passed.
    mutating func attemptsWaitEnded() -> [Action] {
        guard case .stopping(awaiting: .attempts, _) = phase else { return [] }
        phase = .stopped
        return [.exit]
    }
}
