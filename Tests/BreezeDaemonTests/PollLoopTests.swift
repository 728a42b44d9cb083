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

/// Waits (bounded) until `condition` holds; the loop runs on real Dispatch queues.
func eventually(_ condition: () -> Bool) async -> Bool {
    for _ in 0..<2000 {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(5))
    }
    return condition()
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
    /// A frozen clock: only the first poll and explicit requests are ever due.
    let frozen: @Sendable () -> ClockReading = { ClockReading(monotonic: 1, wall: Instant(unixSeconds: 1_800_000_000)) }

    /// A loop on the frozen clock whose first cycle (due at start) has begun.
    func startedLoop(_ cycles: ManualCycles) async -> PollLoop {
        let loop = PollLoop(
            queue: DispatchQueue(label: "test"), interval: .seconds(900), jitter: .zero, clock: frozen,
            random: { 0.5 }, cycle: { cycles.start($0) })
        loop.start()
        #expect(await eventually { cycles.started == 1 })
        return loop
    }

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

    /// The real loop on Dispatch: the first cycle at start, SIGUSR1 during it runs one more.
    @Test func theDispatchLoopRunsTheRequestedCycleAfterTheRunningOne() async {
        let cycles = ManualCycles()
        let loop = await startedLoop(cycles)
        loop.pollNow()
        cycles.finishOne()
        #expect(await eventually { cycles.started == 2 })
        cycles.finishOne()
        #expect(!cycles.overlapped)
        loop.stop()
    }
}

/// A clock the test moves by hand.
final class HandClock: Sendable {
    private let reading = Mutex(ClockReading(monotonic: 1, wall: Instant(unixSeconds: 1_800_000_000)))
    func now() -> ClockReading { reading.withLock { $0 } }
    func advance(_ seconds: Double) {
        reading.withLock { $0 = ClockReading(monotonic: $0.monotonic + seconds, wall: $0.wall + .seconds(seconds)) }
    }
}

/// A loop on a `HandClock`, with manual cycles and counted heartbeats: what the tests that move
/// the clock by hand share.
struct HandClockLoop {
    let cycles = ManualCycles()
    let clock = HandClock()
    let beats = Counter()
    let loop: PollLoop

    init(queue: DispatchQueue = DispatchQueue(label: "test"), stallAfter: Duration? = nil) {
        let (cycles, clock, beats) = (self.cycles, self.clock, self.beats)
        loop = PollLoop(
            queue: queue, interval: .seconds(900), jitter: .zero, checkEvery: .seconds(0.005), stallAfter: stallAfter,
            clock: { clock.now() }, random: { 0.5 }, heartbeat: { beats.increment() },
            cycle: { cycles.start($0) })
    }

    /// Starts the loop and waits until its first cycle (due at start) has begun.
    func start() async {
        loop.start()
        #expect(await eventually { cycles.started == 1 })
    }

    /// Waits until the loop has ticked a few times: whatever was handed to it (a finished
    /// cycle, a reschedule) has been taken in, and the clock as it is now has been looked at.
    func settle() async {
        let seen = beats.count
        #expect(await eventually { beats.count > seen + 3 })
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

    /// The same on the real loop: heartbeats go while a cycle runs within its time.
    @Test func theDispatchLoopHeartbeatsWhileACycleRuns() async {
        let handClock = HandClockLoop(stallAfter: .seconds(60))
        await handClock.start()
        let early = handClock.beats.count
        #expect(await eventually { handClock.beats.count > early + 2 })
        handClock.cycles.finishOne()
        handClock.loop.stop()
    }
}
