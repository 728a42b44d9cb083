import BreezeVocabulary
import Dispatch

/// Runs poll cycles on `queue` as `PollSchedule` says: one at a time, the next armed only when
/// the last completed. Every property is touched on `queue` alone.
public final class PollLoop: @unchecked Sendable {
    /// Starts one cycle; it must call the completion handler exactly once, on any thread,
    /// saying whether the cycle failed (then the next comes sooner, see `PollSchedule`).
    public typealias Cycle = @Sendable (_ completed: @escaping @Sendable (CycleOutcome) -> Void) -> Void

    /// How a cycle went, as far as scheduling cares.
    public enum CycleOutcome: Sendable, Equatable {
        case succeeded
        /// No city got data (the network down, Open-Meteo failing): retry sooner.
        case failed
    }

    private let queue: DispatchQueue
    private let clock: @Sendable () -> ClockReading
    private let random: @Sendable () -> Double
    private let cycle: Cycle
    private let heartbeat: @Sendable () -> Void
    private let stallAfter: Double
    /// Monotonic seconds when the running cycle started; nil between cycles.
    private var cycleStartedAt: Double?
    private var cycleRunning: Bool { cycleStartedAt != nil }
    private let timer: any DispatchSourceTimer
    private var schedule: PollSchedule
    private var pollRequestedDuringCycle = false
    private var stopped = false
    private var lastCompletion: ClockReading?

    /// - Parameters:
    ///   - checkEvery: the longest sleep between looks at the clocks (and heartbeats).
    ///   - firstRetry: seconds from a failed cycle to the next (doubling while they fail).
    ///   - stallAfter: seconds after which a running cycle counts as stalled: heartbeats stop.
    ///   - heartbeat: called on every wake-up while no cycle is stalled (the watchdog ping),
    ///     so systemd restarts a daemon whose polling hangs, not one that merely waits.
    public init(
        queue: DispatchQueue, interval: Double, jitter: Double, checkEvery: Double = 60, firstRetry: Double = 30,
        stallAfter: Double = .infinity, clock: @escaping @Sendable () -> ClockReading,
        random: @escaping @Sendable () -> Double, heartbeat: @escaping @Sendable () -> Void = {},
        cycle: @escaping Cycle
    ) {
        self.queue = queue
        self.clock = clock
        self.random = random
        self.cycle = cycle
        self.heartbeat = heartbeat
        self.stallAfter = stallAfter
        schedule = PollSchedule(
            interval: interval, jitter: jitter, start: clock(), checkEvery: checkEvery, firstRetry: firstRetry)
        timer = DispatchSource.makeTimerSource(queue: queue)
    }

    /// Arms the timer: the first cycle starts at once.
    public func start() {
        queue.async {
            self.timer.setEventHandler { [weak self] in self?.tick() }
            self.timer.schedule(deadline: .now())
            self.timer.resume()
        }
    }

    /// Polls now (SIGUSR1); during a cycle, one more cycle follows it at once.
    public func pollNow() {
        queue.async {
            if self.cycleRunning {
                self.pollRequestedDuringCycle = true
            } else {
                self.schedule.pollNow(at: self.clock())
                self.arm()
            }
        }
    }

    /// Applies a new interval and jitter (a reload).
    public func reschedule(interval: Double, jitter: Double) {
        queue.async {
            self.schedule.reschedule(interval: interval, jitter: jitter, lastCompletion: self.lastCompletion)
            if !self.cycleRunning { self.arm() }
        }
    }

    /// Stops arming new cycles; a running one finishes on its own.
    public func stop() {
        queue.async {
            self.stopped = true
            self.timer.cancel()
        }
    }

    /// Unix seconds of the next due poll. Call on `queue`.
    public var nextPollWall: Double { schedule.nextPollWall }

    private func tick() {
        guard !stopped else { return }
        let now = clock()
        if let started = cycleStartedAt {
            if now.monotonic - started < stallAfter { heartbeat() }
            // While a cycle runs the timer keeps ticking, only for heartbeats.
            timer.schedule(deadline: .now() + .nanoseconds(Int(schedule.checkEvery * 1e9)))
            return
        }
        heartbeat()
        guard schedule.isDue(at: now) else {
            arm()
            return
        }
        cycleStartedAt = now.monotonic
        timer.schedule(deadline: .now() + .nanoseconds(Int(schedule.checkEvery * 1e9)))
        cycle { [weak self] outcome in
            guard let self else { return }
            self.queue.async { self.cycleFinished(outcome) }
        }
    }

    private func cycleFinished(_ outcome: CycleOutcome) {
        cycleStartedAt = nil
        let now = clock()
        lastCompletion = now
        switch outcome {
        case .succeeded: schedule.cycleCompleted(at: now, randomUnit: random())
        case .failed: schedule.cycleFailed(at: now, randomUnit: random())
        }
        if pollRequestedDuringCycle {
            pollRequestedDuringCycle = false
            schedule.pollNow(at: now)
        }
        arm()
    }

    private func arm() {
        guard !stopped else { return }
        let delay = schedule.delay(at: clock())
        timer.schedule(deadline: .now() + .nanoseconds(Int(delay * 1e9)))
    }
}
