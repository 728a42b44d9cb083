import BreezeDaemon
import Dispatch
import Testing

/// The loop's side of a reload: SIGUSR1 then SIGHUP, both taken in before the timer fires (the
/// queue is held while they are handed over), must still run the poll asked for.
struct PollLoopReloadTests {
    @Test func aReloadRightAfterPollNowStillPolls() async {
        let cycles = ManualCycles()
        let clock = HandClock()
        let queue = DispatchQueue(label: "test")
        let loop = PollLoop(
            queue: queue, interval: 900, jitter: 0, checkEvery: 0.005,
            clock: { clock.now() }, random: { 0.5 }, cycle: { cycles.start($0) })
        loop.start()
        #expect(await eventually { cycles.started == 1 })
        cycles.finishOne()
        clock.advance(10)
        queue.suspend()
        loop.pollNow()
        loop.reschedule(interval: 1800, jitter: 0)
        queue.resume()
        // The hand clock stays put: only the requested poll can start a cycle.
        #expect(await eventually { cycles.started == 2 })
        cycles.finishOne()
        loop.stop()
    }

    @Test func aReloadWithoutARequestWaitsForTheNewInterval() async {
        let cycles = ManualCycles()
        let clock = HandClock()
        let beats = Counter()
        let loop = PollLoop(
            queue: DispatchQueue(label: "test"), interval: 900, jitter: 0, checkEvery: 0.005,
            clock: { clock.now() }, random: { 0.5 }, heartbeat: { beats.increment() },
            cycle: { cycles.start($0) })
        loop.start()
        #expect(await eventually { cycles.started == 1 })
        cycles.finishOne()
        loop.reschedule(interval: 60, jitter: 0)
        func settle() async {
            let seen = beats.count
            #expect(await eventually { beats.count > seen + 3 })
        }
        await settle()
        clock.advance(59)
        await settle()
        #expect(cycles.started == 1)
        clock.advance(1)
        #expect(await eventually { cycles.started == 2 })
        cycles.finishOne()
        loop.stop()
    }
}
