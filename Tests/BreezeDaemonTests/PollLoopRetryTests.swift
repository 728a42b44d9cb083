import BreezeDaemon
import Dispatch
import BreezeVocabulary
import Testing

/// The loop on a clock the test moves: a failed cycle brings the next one 30 s later, a good
/// one a whole interval later. "Not yet" is a fact: every wake-up up to the moved clock has run
/// and started nothing.
struct PollLoopRetryTests {
    @Test func aFailedCycleIsRetriedAfter30SecondsThenTheIntervalResumes() {
        let rig = HandClockLoop()
        let (cycles, loop) = (rig.cycles, rig.loop)
        rig.start()
        func advance(_ seconds: Double) { rig.wakeUps.advance(seconds) }

        cycles.finishOne(.failed)
        advance(29)
        #expect(cycles.started == 1)
        advance(1)
        #expect(cycles.started == 2)

        cycles.finishOne(.failed)
        advance(59)
        #expect(cycles.started == 2)
        advance(1)
        #expect(cycles.started == 3)

        cycles.finishOne(.succeeded)
        advance(120)
        #expect(cycles.started == 3)
        advance(779)
        #expect(cycles.started == 3)
        advance(1)
        #expect(cycles.started == 4)
        #expect(!cycles.overlapped)
        loop.stop()
    }
}
