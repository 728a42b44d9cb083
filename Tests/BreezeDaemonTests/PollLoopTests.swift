import BreezeVocabulary
import BreezeDaemon
import Dispatch
import Synchronization
import Testing

/// A cycle the test finishes by hand, counting how often it started and whether two ran at once.
final class ManualCycles: Sendable {
    private let state = Mutex<
        (started: Int, running: Int, overlapped: Bool, pending: [PollLoop.CycleCompletion])
    >((0, 0, false, []))

    var started: Int { state.withLock { $0.started } }
    var overlapped: Bool { state.withLock { $0.overlapped } }

    func start(_ completed: PollLoop.CycleCompletion) {
        state.withLock {
            $0.started += 1
            $0.running += 1
            if $0.running > 1 { $0.overlapped = true }
            $0.pending.append(completed)
        }
    }

    func finishOne(_ outcome: PollLoop.CycleOutcome = .succeeded) {
        let completion: PollLoop.CycleCompletion? = state.withLock {
            guard !$0.pending.isEmpty else { return nil }
            $0.running -= 1
            return $0.pending.removeFirst()
        }
        completion?(outcome)
    }
}

/// The loop's schedule driven by hand: `PollLoopPhase` on a fake clock, with the timer
/// modelled exactly (it fires at the time the last `.sleep` named). "Nothing started" is
/// then a fact about every tick up to that time, not a guess after a real sleep.
struct SteppedLoop {
    var machine: PollLoopPhase
    var now = ClockReading(monotonic: 1, wall: Instant(unixSeconds: 1_800_000_000))
    /// Monotonic seconds when the timer fires next; nil when cancelled. At start: at once.
    private(set) var wake: Double? = 1
    private(set) var started = 0
    private(set) var beats = 0
    private(set) var overlapped = false
    private var running = 0

    init(interval: Duration = .seconds(900), checkEvery: Duration = .seconds(60), stallAfter: Duration? = nil) {
        machine = PollLoopPhase(
            schedule: PollSchedule(
                interval: interval, jitter: .zero, start: ClockReading(monotonic: 1, wall: Instant(unixSeconds: 1_800_000_000)),
                checkEvery: checkEvery),
            stallAfter: stallAfter)
    }

    /// Moves the clock by `seconds`, firing the timer each time it comes due on the way.
    mutating func advance(_ seconds: Double) {
        let end = now.monotonic + seconds
        var ticks = 0
        while let due = wake, due <= end, ticks < 100_000 {
            move(to: max(due, now.monotonic))
            wake = nil
            perform(machine.tick(at: now))
            ticks += 1
        }
        move(to: end)
    }

    mutating func finishOne(_ outcome: PollLoop.CycleOutcome = .succeeded) {
        running -= 1
        perform(machine.cycleFinished(outcome, at: now, randomUnit: 0.5))
    }

    mutating func pollNow() { perform(machine.pollNow(at: now)) }
    mutating func reschedule(interval: Duration) { perform(machine.reschedule(interval: interval, jitter: .zero, at: now)) }
    mutating func stop() { perform(machine.stop()) }

    private mutating func move(to monotonic: Double) {
        now = ClockReading(monotonic: monotonic, wall: now.wall + .seconds(monotonic - now.monotonic))
    }

    private mutating func perform(_ actions: [PollLoopPhase.Action]) {
        for action in actions {
            switch action {
            case .heartbeat: beats += 1
            case .sleep(let span): wake = now.monotonic + span.seconds
            case .cancelTimer: wake = nil
            case .startCycle:
                started += 1
                running += 1
                if running > 1 { overlapped = true }
            }
        }
    }
}

struct PollLoopTests {
    /// A stepped loop whose first cycle (due at start) has begun.
    func startedSteps() -> SteppedLoop {
        var loop = SteppedLoop()
        loop.advance(0)
        #expect(loop.started == 1)
        return loop
    }

    @Test func pollsOnceAtStartThenWaits() {
        var loop = startedSteps()
        loop.finishOne()
        // Every tick up to a second before the next poll is due.
        loop.advance(899)
        #expect(loop.started == 1)
        loop.advance(1)
        #expect(loop.started == 2)
    }

    @Test func pollNowDuringACycleRunsExactlyOneMoreAfterIt() {
        var loop = startedSteps()
        loop.pollNow()
        loop.pollNow()
        loop.pollNow()
        loop.advance(600)
        #expect(loop.started == 1)
        loop.finishOne()
        loop.advance(0)
        #expect(loop.started == 2)
        loop.finishOne()
        loop.advance(899)
        #expect(loop.started == 2)
        #expect(!loop.overlapped)
    }

    @Test func stoppedLoopStartsNothing() {
        var loop = startedSteps()
        loop.stop()
        loop.pollNow()
        loop.finishOne()
        loop.advance(3600)
        #expect(loop.started == 1)
        #expect(loop.wake == nil)
    }

    /// The loop itself on its queue: the first cycle at start, SIGUSR1 during it runs one more.
    @Test func theLoopRunsTheRequestedCycleAfterTheRunningOne() {
        let rig = HandClockLoop()
        rig.start()
        rig.loop.pollNow()
        rig.cycles.finishOne()
        rig.wakeUps.advance(0)
        #expect(rig.cycles.started == 2)
        rig.cycles.finishOne()
        rig.wakeUps.advance(899)
        #expect(rig.cycles.started == 2)
        #expect(!rig.cycles.overlapped)
        rig.loop.stop()
    }

    /// The Dispatch timer the daemon uses: the first wake-up at start, then each one armed,
    /// on the loop's queue.
    @Test func dispatchWakeUpsFireOnTheQueue() {
        let queue = DispatchQueue(label: "test")
        queue.setSpecific(key: Self.queueKey, value: true)
        let fired = DispatchSemaphore(value: 0)
        let onQueue = Counter()
        let wakeUps = queue.sync {
            DispatchWakeUpTimers().timer(on: queue) {
                if DispatchQueue.getSpecific(key: Self.queueKey) == true { onQueue.increment() }
                fired.signal()
            }
        }
        queue.sync { wakeUps.schedule(after: 0) }
        // Waits for the wake-up, with a deadline generous for a loaded machine.
        #expect(fired.wait(timeout: .now() + 60) == .success)
        queue.sync { wakeUps.schedule(after: 0) }
        #expect(fired.wait(timeout: .now() + 60) == .success)
        queue.sync { wakeUps.cancel() }
        #expect(onQueue.count == 2)
    }

    static let queueKey = DispatchSpecificKey<Bool>()
}

/// A clock the test moves by hand.
final class HandClock: Sendable {
    private let reading = Mutex(ClockReading(monotonic: 1, wall: Instant(unixSeconds: 1_800_000_000)))
    func now() -> ClockReading { reading.withLock { $0 } }
    func advance(_ seconds: Double) {
        reading.withLock { $0 = ClockReading(monotonic: $0.monotonic + seconds, wall: $0.wall + .seconds(seconds)) }
    }
}

/// A loop's wake-ups as the test moves a `HandClock`: the one armed wake-up runs on the loop's
/// queue when the clock passes it. Each move first and last lets the queue run what was handed
/// to the loop (a finished cycle, a request, a reload), so "nothing started" is a fact about every
/// wake-up up to the clock's time, not a guess after a real sleep.
final class ManualWakeUps: WakeUpTimers, Sendable {
    let clock: HandClock
    let queue: DispatchQueue
    private let armed = Mutex<(handler: (@Sendable () -> Void)?, due: Double?)>((nil, nil))

    init(clock: HandClock, queue: DispatchQueue) {
        self.clock = clock
        self.queue = queue
    }

    func timer(on queue: DispatchQueue, handler: @escaping @Sendable () -> Void) -> any WakeUpTimer {
        armed.withLock { $0 = (handler, nil) }
        return ManualWakeUp(owner: self)
    }

    fileprivate func arm(after seconds: Double) {
        let due = clock.now().monotonic + seconds
        armed.withLock { $0.due = due }
    }

    fileprivate func cancel() { armed.withLock { $0.due = nil } }

    /// The monotonic time of the armed wake-up; nil: none (cancelled, or not started).
    var due: Double? { armed.withLock { $0.due } }

    /// Moves the clock `seconds` on, running each wake-up that comes due on the way.
    func advance(_ seconds: Double) {
        settle()
        let end = clock.now().monotonic + seconds
        var fired = 0
        while fired < 100_000, let (due, handler) = takeDue(by: end) {
            clock.advance(max(0, due - clock.now().monotonic))
            queue.sync(execute: handler)
            fired += 1
        }
        clock.advance(end - clock.now().monotonic)
        settle()
    }

    /// Returns once the loop's queue has run what was handed to it so far.
    func settle() { queue.sync {} }

    private func takeDue(by end: Double) -> (Double, @Sendable () -> Void)? {
        armed.withLock { armed in
            guard let due = armed.due, due <= end, let handler = armed.handler else { return nil }
            armed.due = nil
            return (due, handler)
        }
    }
}

/// The one timer `ManualWakeUps` makes.
private struct ManualWakeUp: WakeUpTimer {
    let owner: ManualWakeUps
    func schedule(after seconds: Double) { owner.arm(after: seconds) }
    func disarm() { owner.cancel() }
    func cancel() { owner.cancel() }
}

/// A loop on a `HandClock` and `ManualWakeUps`, with manual cycles and counted heartbeats: the
/// `PollLoop` itself on its queue, its time moved by the test.
struct HandClockLoop {
    let cycles = ManualCycles()
    let clock = HandClock()
    let beats = Counter()
    let wakeUps: ManualWakeUps
    let loop: PollLoop

    init(queue: DispatchQueue = DispatchQueue(label: "test"), checkEvery: Duration = .seconds(60), stallAfter: Duration? = nil) {
        let (cycles, clock, beats) = (self.cycles, self.clock, self.beats)
        wakeUps = ManualWakeUps(clock: clock, queue: queue)
        loop = PollLoop(
            queue: queue, interval: .seconds(900), jitter: .zero, checkEvery: checkEvery, stallAfter: stallAfter,
            clock: { clock.now() }, random: { 0.5 }, heartbeat: { beats.increment() }, wakeUps: wakeUps,
            cycle: { cycles.start($0) })
    }

    /// Starts the loop: its first cycle (due at start) has begun when this returns.
    func start() {
        loop.start()
        wakeUps.advance(0)
        #expect(cycles.started == 1)
    }
}

final class Counter: Sendable {
    private let value = Mutex(0)
    func increment() { value.withLock { $0 += 1 } }
    var count: Int { value.withLock { $0 } }
}

struct PollLoopHeartbeatTests {
    @Test func heartbeatsStopWhileACycleIsStalledAndResumeAfterIt() {
        var loop = SteppedLoop(checkEvery: .seconds(5), stallAfter: .seconds(60))
        loop.advance(0)
        #expect(loop.started == 1)
        // A cycle running, but for less than stallAfter: still alive.
        let early = loop.beats
        loop.advance(15)
        #expect(loop.beats > early + 2)
        loop.advance(46)
        // Stalled: every tick from here on is silent.
        let stalled = loop.beats
        loop.advance(60)
        #expect(loop.beats == stalled)
        loop.finishOne()
        loop.advance(15)
        #expect(loop.beats > stalled + 2)
    }

    /// The same on the loop itself: heartbeats go while a cycle runs within its time, and stop
    /// once it has run longer.
    @Test func theLoopHeartbeatsWhileACycleRunsAndStopsWhenItStalls() {
        let rig = HandClockLoop(checkEvery: .seconds(5), stallAfter: .seconds(60))
        rig.start()
        let early = rig.beats.count
        rig.wakeUps.advance(15)
        #expect(rig.beats.count > early + 2)
        rig.wakeUps.advance(46)
        let stalled = rig.beats.count
        rig.wakeUps.advance(60)
        #expect(rig.beats.count == stalled)
        rig.cycles.finishOne()
        rig.wakeUps.advance(15)
        #expect(rig.beats.count > stalled + 2)
        rig.loop.stop()
    }
}
