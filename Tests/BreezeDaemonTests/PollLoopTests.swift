import BreezeDaemon
import Dispatch
import Synchronization
import Testing

/// A cycle the test finishes by hand, counting how often it started and whether two ran at once.
final class ManualCycles: Sendable {
    private let state = Mutex<(started: Int, running: Int, overlapped: Bool, pending: [@Sendable () -> Void])>(
        (0, 0, false, []))

    var started: Int { state.withLock { $0.started } }
    var overlapped: Bool { state.withLock { $0.overlapped } }

    func start(_ completed: @escaping @Sendable () -> Void) {
        state.withLock {
            $0.started += 1
            $0.running += 1
            if $0.running > 1 { $0.overlapped = true }
            $0.pending.append(completed)
        }
    }

    func finishOne() {
        let completion: (@Sendable () -> Void)? = state.withLock {
            guard !$0.pending.isEmpty else { return nil }
            $0.running -= 1
            return $0.pending.removeFirst()
        }
        completion?()
    }
}

/// Waits (bounded) until `condition` holds; the loop runs on real Dispatch queues.
func eventually(_ condition: () -> Bool) async -> Bool {
    for _ in 0..<400 {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(5))
    }
    return condition()
}

struct PollLoopTests {
    /// A frozen clock: only the first poll and explicit requests are ever due.
    let frozen: @Sendable () -> ClockReading = { ClockReading(monotonic: 1, wall: 1_800_000_000) }

    @Test func pollsOnceAtStartThenWaits() async {
        let cycles = ManualCycles()
        let loop = PollLoop(
            queue: DispatchQueue(label: "test"), interval: 900, jitter: 0, clock: frozen,
            random: { 0.5 }, cycle: { cycles.start($0) })
        loop.start()
        #expect(await eventually { cycles.started == 1 })
        cycles.finishOne()
        try? await Task.sleep(for: .milliseconds(50))
        #expect(cycles.started == 1)
        loop.stop()
    }

    @Test func pollNowDuringACycleRunsExactlyOneMoreAfterIt() async {
        let cycles = ManualCycles()
        let loop = PollLoop(
            queue: DispatchQueue(label: "test"), interval: 900, jitter: 0, clock: frozen,
            random: { 0.5 }, cycle: { cycles.start($0) })
        loop.start()
        #expect(await eventually { cycles.started == 1 })
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
        let loop = PollLoop(
            queue: DispatchQueue(label: "test"), interval: 900, jitter: 0, clock: frozen,
            random: { 0.5 }, cycle: { cycles.start($0) })
        loop.start()
        #expect(await eventually { cycles.started == 1 })
        loop.stop()
        loop.pollNow()
        cycles.finishOne()
        try? await Task.sleep(for: .milliseconds(50))
        #expect(cycles.started == 1)
    }
}
