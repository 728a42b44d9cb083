import BreezeVocabulary
import BreezeDaemon
import Dispatch
import Synchronization
import Testing

/// A cycle the test finishes by hand, counting how often it started and whether two ran at once.
final class ManualCycles: Sendable {
    private let state = Mutex<
        (started: Int, running: Int, overlapped: Bool, pending: [@Sendable (PollLoop.CycleOutcome) -> Void])
    >((0, 0, false, []))

    var started: Int { state.withLock { $0.started } }
    var overlapped: Bool { state.withLock { $0.overlapped } }

    func start(_ completed: @escaping @Sendable (PollLoop.CycleOutcome) -> Void) {
        state.withLock {
            $0.started += 1
            $0.running += 1
            if $0.running > 1 { $0.overlapped = true }
            $0.pending.append(completed)
        }
    }

    func finishOne(_ outcome: PollLoop.CycleOutcome = .succeeded) {
        let completion: (@Sendable (PollLoop.CycleOutcome) -> Void)? = state.withLock {
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

struct PollLoopTests {
    /// A frozen clock: only the first poll and explicit requests are ever due.
    let frozen: @Sendable () -> ClockReading = { ClockReading(monotonic: 1, wall: 1_800_000_000) }

    /// A loop on the frozen clock whose first cycle (due at start) has begun.
    func startedLoop(_ cycles: ManualCycles) async -> PollLoop {
        let loop = PollLoop(
            queue: DispatchQueue(label: "test"), interval: 900, jitter: 0, clock: frozen,
            random: { 0.5 }, cycle: { cycles.start($0) })
        loop.start()
        #expect(await eventually { cycles.started == 1 })
        return loop
    }

    @Test func pollsOnceAtStartThenWaits() async {
        let cycles = ManualCycles()
        let loop = await startedLoop(cycles)
        cycles.finishOne()
        try? await Task.sleep(for: .milliseconds(50))
        #expect(cycles.started == 1)
        loop.stop()
    }

    @Test func pollNowDuringACycleRunsExactlyOneMoreAfterIt() async {
        let cycles = ManualCycles()
        let loop = await startedLoop(cycles)
        loop.pollNow()
        loop.pollNow()
        loop.pollNow()
        try? await Task.sleep(for: .milliseconds(30))
        #expect(cycles.started == 1)
        cycles.finishOne()
        #expect(await eventually { cycles.started == 2 })
        cycles.finishOne()
        try? await Task.sleep(for: .milliseconds(50))
        #expect(cycles.started == 2)
        #expect(!cycles.overlapped)
        loop.stop()
    }

    @Test func stoppedLoopStartsNothing() async {
        let cycles = ManualCycles()
        let loop = await startedLoop(cycles)
        loop.stop()
        loop.pollNow()
        cycles.finishOne()
        try? await Task.sleep(for: .milliseconds(50))
        #expect(cycles.started == 1)
    }
}

/// A clock the test moves by hand.
final class HandClock: Sendable {
    private let reading = Mutex(ClockReading(monotonic: 1, wall: 1_800_000_000))
    func now() -> ClockReading { reading.withLock { $0 } }
    func advance(_ seconds: Double) {
        reading.withLock { $0 = ClockReading(monotonic: $0.monotonic + seconds, wall: $0.wall + seconds) }
    }
}

/// A loop on a `HandClock`, with manual cycles and counted heartbeats: what the tests that move
/// the clock by hand share.
struct HandClockLoop {
    let cycles = ManualCycles()
    let clock = HandClock()
    let beats = Counter()
    let loop: PollLoop

    init(queue: DispatchQueue = DispatchQueue(label: "test"), stallAfter: Double = .infinity) {
        let (cycles, clock, beats) = (self.cycles, self.clock, self.beats)
        loop = PollLoop(
            queue: queue, interval: 900, jitter: 0, checkEvery: 0.005, stallAfter: stallAfter,
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
    @Test func heartbeatsStopWhileACycleIsStalledAndResumeAfterIt() async {
        let handClock = HandClockLoop(stallAfter: 60)
        let (cycles, clock, beats, loop) = (handClock.cycles, handClock.clock, handClock.beats, handClock.loop)
        await handClock.start()
        // A cycle running, but for less than stallAfter: still alive.
        let early = beats.count
        #expect(await eventually { beats.count > early + 2 })
        clock.advance(61)
        // Long enough for a tick that read the clock just before the jump to finish.
        try? await Task.sleep(for: .milliseconds(150))
        let stalled = beats.count
        try? await Task.sleep(for: .milliseconds(60))
        #expect(beats.count == stalled)
        cycles.finishOne()
        #expect(await eventually { beats.count > stalled + 2 })
        loop.stop()
    }
}
