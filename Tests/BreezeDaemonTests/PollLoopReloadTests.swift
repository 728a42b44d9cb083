import BreezeDaemon
import Dispatch
import BreezeVocabulary
import Testing

/// The loop's side of a reload: SIGUSR1 then SIGHUP, both taken in before the timer fires (the
/// queue is held while they are handed over), must still run the poll asked for.
struct PollLoopReloadTests {
    @Test func aReloadRightAfterPollNowStillPolls() async {
        let queue = DispatchQueue(label: "test")
        let handClock = HandClockLoop(queue: queue)
        let (cycles, clock, loop) = (handClock.cycles, handClock.clock, handClock.loop)
        await handClock.start()
        cycles.finishOne()
        clock.advance(10)
        queue.suspend()
        loop.pollNow()
        loop.reschedule(interval: .seconds(1800), jitter: .zero)
        queue.resume()
        // The hand clock stays put: only the requested poll can start a cycle.
        #expect(await eventually { cycles.started == 2 })
        cycles.finishOne()
        loop.stop()
    }

    @Test func aReloadWithoutARequestWaitsForTheNewInterval() async {
        let handClock = HandClockLoop()
        let (cycles, clock, loop) = (handClock.cycles, handClock.clock, handClock.loop)
        await handClock.start()
        cycles.finishOne()
        loop.reschedule(interval: .seconds(60), jitter: .zero)
        func settle() async { await handClock.settle() }
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
