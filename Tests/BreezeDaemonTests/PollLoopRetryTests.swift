import BreezeDaemon
import Dispatch
import Testing

/// The loop on a clock the test moves: a failed cycle brings the next one 30 s later, a good
/// one a whole interval later. "Not yet" is proved by the loop's own heartbeats: it has looked
/// at the moved clock several times and started nothing.
struct PollLoopRetryTests {
    @Test func aFailedCycleIsRetriedAfter30SecondsThenTheIntervalResumes() async {
        let cycles = ManualCycles()
        let clock = HandClock()
        let beats = Counter()
        let loop = PollLoop(
            queue: DispatchQueue(label: "test"), interval: 900, jitter: 0, checkEvery: 0.005,
            clock: { clock.now() }, random: { 0.5 }, heartbeat: { beats.increment() },
            cycle: { cycles.start($0) })
        loop.start()
        #expect(await eventually { cycles.started == 1 })

        /// Waits until the loop has ticked a few times: whatever was handed to it (a finished
        /// cycle) has been taken in, and the clock as it is now has been looked at.
        func settle() async {
            let seen = beats.count
            #expect(await eventually { beats.count > seen + 3 })
        }

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
