import BreezeDaemon
import Dispatch
import BreezeVocabulary
import Testing

/// The loop on a clock the test moves: a failed cycle brings the next one 30 s later, a good
/// one a whole interval later. "Not yet" is proved by the loop's own heartbeats: it has looked
/// at the moved clock several times and started nothing.
struct PollLoopRetryTests {
    @Test func aFailedCycleIsRetriedAfter30SecondsThenTheIntervalResumes() async {
        let handClock = HandClockLoop()
        let (cycles, clock, loop) = (handClock.cycles, handClock.clock, handClock.loop)
        await handClock.start()
        func settle() async { await handClock.settle() }

        /// Moves the clock once the loop has taken in what came before, then lets it look.
        func advance(_ seconds: Double) async {
            await settle()
            clock.advance(seconds)
            await settle()
        }

        cycles.finishOne(.failed)
        await advance(29)
        #expect(cycles.started == 1)
        await advance(1)
        #expect(await eventually { cycles.started == 2 })

        cycles.finishOne(.failed)
        await advance(59)
        #expect(cycles.started == 2)
        await advance(1)
        #expect(await eventually { cycles.started == 3 })

        cycles.finishOne(.succeeded)
        await advance(120)
        #expect(cycles.started == 3)
        await advance(779)
        #expect(cycles.started == 3)
        await advance(1)
        #expect(await eventually { cycles.started == 4 })
        #expect(!cycles.overlapped)
        loop.stop()
    }
}
