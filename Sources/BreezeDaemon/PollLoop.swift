import BreezeVocabulary
import Dispatch

/// Runs poll cycles on `queue` as `PollLoopPhase` says: one at a time, the next armed only
/// when the last completed. Every property is touched on `queue` alone.
public final class PollLoop: @unchecked Sendable {
    /// Starts one cycle; it must call the completion exactly once, on any thread, saying
    /// whether the cycle failed (then the next comes sooner, see `PollSchedule`).
    public typealias Cycle = @Sendable (_ completed: CycleCompletion) -> Void

    /// How a cycle went, as far as scheduling cares.
    public enum CycleOutcome: Sendable, Equatable {
        case succeeded
        /// No city got data (the network down, Open-Meteo failing): retry sooner.
        case failed
    }

    /// What a cycle calls once when it is done. `then` runs on the loop's queue after the
    /// loop has taken the outcome in and armed the next poll (a status line that names the
    /// next poll's time goes there).
    public struct CycleCompletion: Sendable {
        fileprivate let finish: @Sendable (CycleOutcome, @escaping @Sendable () -> Void) -> Void

        public init(_ finish: @escaping @Sendable (CycleOutcome, @escaping @Sendable () -> Void) -> Void) {
            self.finish = finish
        }

        public func callAsFunction(_ outcome: CycleOutcome, then: @escaping @Sendable () -> Void = {}) {
            finish(outcome, then)
        }
    }

    private let queue: DispatchQueue
    private let clock: @Sendable () -> ClockReading
    private let random: @Sendable () -> Double
    private let cycle: Cycle
    private let heartbeat: @Sendable () -> Void
    private let wakeUps: any WakeUpTimers
    private var timer: (any WakeUpTimer)?
    private var machine: PollLoopPhase

    /// - Parameters:
    ///   - checkEvery: the longest sleep between looks at the clocks (and heartbeats).
    ///   - firstRetry: from a failed cycle to the next (doubling while they fail).
    ///   - stallAfter: how long a cycle may run before it counts as stalled and heartbeats
    ///     stop; nil: never.
    ///   - heartbeat: called on every wake-up while no cycle is stalled (the watchdog ping),
    ///     so systemd restarts a daemon whose polling hangs, not one that merely waits.
    ///   - wakeUps: makes the loop's timer, on `queue` and read by `clock`.
    public init(
        queue: DispatchQueue, interval: Duration, jitter: Duration, checkEvery: Duration = .seconds(60),
        firstRetry: Duration = .seconds(30), stallAfter: Duration? = nil, clock: @escaping @Sendable () -> ClockReading,
        random: @escaping @Sendable () -> Double, heartbeat: @escaping @Sendable () -> Void = {},
        wakeUps: any WakeUpTimers = DispatchWakeUpTimers(), cycle: @escaping Cycle
    ) {
        self.queue = queue
        self.clock = clock
        self.random = random
        self.cycle = cycle
        self.heartbeat = heartbeat
        machine = PollLoopPhase(
            schedule: PollSchedule(
                interval: interval, jitter: jitter, start: clock(), checkEvery: checkEvery, firstRetry: firstRetry),
            stallAfter: stallAfter)
        self.wakeUps = wakeUps
    }

    /// Arms the timer: the first cycle starts at once.
    public func start() {
        queue.async {
            self.timer = self.wakeUps.timer(on: self.queue) { [weak self] in self?.tick() }
            self.timer?.schedule(after: 0)
        }
    }

    /// Polls now (SIGUSR1); during a cycle, one more cycle follows it at once.
    public func pollNow() {
        queue.async { self.perform(self.machine.pollNow(at: self.clock())) }
    }

    /// Applies a new interval and jitter (a reload).
    public func reschedule(interval: Duration, jitter: Duration) {
        queue.async { self.perform(self.machine.reschedule(interval: interval, jitter: jitter, at: self.clock())) }
    }

    /// Stops arming new cycles; a running one finishes on its own.
    public func stop() {
        queue.async { self.perform(self.machine.stop()) }
    }

    /// When the next poll is due by the wall clock. Call on `queue`.
    public var nextPollWall: Instant {
        dispatchPrecondition(condition: .onQueue(queue))
        return machine.schedule.nextPollWall
    }

    private func tick() {
        perform(machine.tick(at: clock()))
    }

    private func perform(_ actions: [PollLoopPhase.Action]) {
        dispatchPrecondition(condition: .onQueue(queue))
        for action in actions {
            switch action {
            case .heartbeat:
                heartbeat()
            case .sleep(let span):
                timer?.schedule(after: span.seconds)
            case .cancelTimer:
                timer?.cancel()
            case .startCycle:
                cycle(
                    CycleCompletion { [weak self] outcome, then in
                        guard let self else { return }
                        self.queue.async {
                            self.perform(self.machine.cycleFinished(outcome, at: self.clock(), randomUnit: self.random()))
                            then()
                        }
                    })
            }
        }
    }
}
