import BreezeDaemon
import BreezeVocabulary
import Testing

/// `PollLoopPhase` event by event: what each tick, request and completion asks the loop to do.
struct PollLoopPhaseTests {
    let start = ClockReading(monotonic: 1, wall: 1_800_000_000)

    func at(_ seconds: Double) -> ClockReading {
        ClockReading(monotonic: start.monotonic + seconds, wall: start.wall + seconds)
    }

    func phase(stallAfter: Double = .infinity) -> PollLoopPhase {
        PollLoopPhase(
            schedule: PollSchedule(interval: 900, jitter: 0, start: start, checkEvery: 60), stallAfter: stallAfter)
    }

    @Test func aDueTickStartsACycleAndKeepsTicking() {
        var loop = phase()
        #expect(loop.tick(at: start) == [.heartbeat, .sleep(60), .startCycle])
        #expect(loop.phase == .cycling(startedAt: 1, pollRequested: false))
        #expect(loop.tick(at: at(60)) == [.heartbeat, .sleep(60)])
    }

    @Test func aStalledCycleTicksWithoutHeartbeats() {
        var loop = phase(stallAfter: 120)
        _ = loop.tick(at: start)
        #expect(loop.tick(at: at(119)) == [.heartbeat, .sleep(60)])
        #expect(loop.tick(at: at(120)) == [.sleep(60)])
    }

    @Test func aFinishedCycleSleepsUntilTheNextPollAtMostCheckEvery() {
        var loop = phase()
        _ = loop.tick(at: start)
        #expect(loop.cycleFinished(.succeeded, at: at(10), randomUnit: 0.5) == [.sleep(60)])
        #expect(loop.tick(at: at(880)) == [.heartbeat, .sleep(30)])
        #expect(loop.tick(at: at(910)) == [.heartbeat, .sleep(60), .startCycle])
    }

    @Test func aPollAskedForDuringACycleFollowsItAtOnce() {
        var loop = phase()
        _ = loop.tick(at: start)
        #expect(loop.pollNow(at: at(5)) == [])
        #expect(loop.cycleFinished(.succeeded, at: at(10), randomUnit: 0.5) == [.sleep(0)])
        #expect(loop.tick(at: at(10)) == [.heartbeat, .sleep(60), .startCycle])
    }

    @Test func aStoppedLoopDoesNothing() {
        var loop = phase()
        _ = loop.tick(at: start)
        #expect(loop.stop() == [.cancelTimer])
        #expect(loop.stop() == [])
        #expect(loop.pollNow(at: at(1)) == [])
        #expect(loop.cycleFinished(.succeeded, at: at(2), randomUnit: 0.5) == [])
        #expect(loop.tick(at: at(3)) == [])
        #expect(loop.reschedule(interval: 60, jitter: 0, at: at(4)) == [])
    }
}
