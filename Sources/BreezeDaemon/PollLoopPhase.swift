import BreezeVocabulary

/// `PollLoop`'s life as a value: waiting for the next poll, running a cycle, or stopped, with
/// the `PollSchedule` it follows. Each event returns what the loop must do; nothing here
/// reads a clock or touches a timer, so the tests drive it with readings they choose.
public struct PollLoopPhase: Sendable, Equatable {
    public enum Phase: Sendable, Equatable {
        /// Between cycles: the timer is armed for the next look at the clocks.
        case waiting
        /// A cycle runs since `startedAt` (monotonic seconds); `pollRequested` when SIGUSR1
        /// came meanwhile, so one more cycle follows at once.
        case cycling(startedAt: Double, pollRequested: Bool)
        /// No more cycles; a running one finishes on its own.
        case stopped
    }

    /// What the loop does, in order.
    public enum Action: Sendable, Equatable {
        /// The watchdog ping.
        case heartbeat
        /// Start one cycle.
        case startCycle
        /// Look at the clocks again after this span.
        case sleep(Duration)
        /// Cancel the timer for good.
        case cancelTimer
    }

    public private(set) var phase: Phase = .waiting
    public private(set) var schedule: PollSchedule
    /// How long a cycle may run before it counts as stalled (heartbeats stop); nil: never.
    public let stallAfter: Duration?
    private var lastCompletion: ClockReading?

    public init(schedule: PollSchedule, stallAfter: Duration? = nil) {
        self.schedule = schedule
        self.stallAfter = stallAfter
    }

    /// The timer fired at `now`. While no cycle is stalled it heartbeats; when a poll is due
    /// and none runs, a cycle starts.
    public mutating func tick(at now: ClockReading) -> [Action] {
        switch phase {
        case .stopped:
            return []
        case .cycling(let startedAt, _):
            // While a cycle runs the timer keeps ticking, only for heartbeats.
            let stalled = stallAfter.map { now.monotonic - startedAt >= $0.seconds } ?? false
            let alive: [Action] = stalled ? [] : [.heartbeat]
            return alive + [.sleep(schedule.checkEvery)]
        case .waiting:
            guard schedule.isDue(at: now) else { return [.heartbeat, .sleep(schedule.delay(at: now))] }
            phase = .cycling(startedAt: now.monotonic, pollRequested: false)
            return [.heartbeat, .sleep(schedule.checkEvery), .startCycle]
        }
    }

    /// A poll asked for (SIGUSR1): due at once, or right after the running cycle.
    public mutating func pollNow(at now: ClockReading) -> [Action] {
        switch phase {
        case .stopped:
            return []
        case .cycling(let startedAt, _):
            phase = .cycling(startedAt: startedAt, pollRequested: true)
            return []
        case .waiting:
            schedule.pollNow(at: now)
            return [.sleep(schedule.delay(at: now))]
        }
    }

    /// A new interval and jitter (a reload).
    public mutating func reschedule(interval: Duration, jitter: Duration, at now: ClockReading) -> [Action] {
        schedule.reschedule(interval: interval, jitter: jitter, lastCompletion: lastCompletion)
        guard phase == .waiting else { return [] }
        return [.sleep(schedule.delay(at: now))]
    }

    /// The running cycle completed at `now`; `randomUnit` (0…1) places the next within the jitter.
    public mutating func cycleFinished(
        _ outcome: PollLoop.CycleOutcome, at now: ClockReading, randomUnit: Double
    ) -> [Action] {
        lastCompletion = now
        switch outcome {
        case .succeeded: schedule.cycleCompleted(at: now, randomUnit: randomUnit)
        case .failed: schedule.cycleFailed(at: now, randomUnit: randomUnit)
        }
        guard case .cycling(_, let pollRequested) = phase else { return [] }
        if pollRequested { schedule.pollNow(at: now) }
        phase = .waiting
        return [.sleep(schedule.delay(at: now))]
    }

    /// No more cycles.
    public mutating func stop() -> [Action] {
        guard phase != .stopped else { return [] }
        phase = .stopped
        return [.cancelTimer]
    }

    /// Whether a cycle runs (for the status).
    public var cycleRunning: Bool {
        if case .cycling = phase { return true }
        return false
    }
}
