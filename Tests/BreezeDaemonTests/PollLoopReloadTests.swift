import BreezeDaemon
import Dispatch
import BreezeVocabulary
import Testing

/// The loop's side of a reload: SIGUSR1 then SIGHUP, both taken in before the timer fires (the
/// queue is held while they are handed over), must still run the poll asked for.
struct PollLoopReloadTests {
    @Test func aReloadRightAfterPollNowStillPolls() {
        let queue = DispatchQueue(label: "test")
        let rig = HandClockLoop(queue: queue)
        let (cycles, loop) = (rig.cycles, rig.loop)
        rig.start()
        cycles.finishOne()
        rig.wakeUps.advance(10)
        queue.suspend()
        loop.pollNow()
        loop.reschedule(interval: .seconds(1800), jitter: .zero)
        queue.resume()
        // The clock stays put: only the requested poll can start a cycle.
        rig.wakeUps.advance(0)
        #expect(cycles.started == 2)
        cycles.finishOne()
        loop.stop()
    }

    @Test func aReloadWithoutARequestWaitsForTheNewInterval() {
        let rig = HandClockLoop()
        let (cycles, loop) = (rig.cycles, rig.loop)
        rig.start()
        cycles.finishOne()
        loop.reschedule(interval: .seconds(60), jitter: .zero)
        rig.wakeUps.advance(59)
        #expect(cycles.started == 1)
        rig.wakeUps.advance(1)
        #expect(cycles.started == 2)
        cycles.finishOne()
        loop.stop()
    }
}
