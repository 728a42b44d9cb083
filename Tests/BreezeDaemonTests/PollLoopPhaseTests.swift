import BreezeDaemon
import BreezeVocabulary
import Testing

/// `PollLoopPhase` event by event: what each tick, request and completion asks the loop to do.
struct PollLoopPhaseTests {
    let start = ClockReading(monotonic: 1, wall: Instant(unixSeconds: 1_800_000_000))

    func at(_ seconds: Double) -> ClockReading {
        ClockReading(monotonic: start.monotonic + seconds, wall: start.wall + .seconds(seconds))
    }

    func phase(stallAfter: Duration? = nil) -> PollLoopPhase {
        PollLoopPhase(
            schedule: PollSchedule(interval: .seconds(900), jitter: .zero, start: start, checkEvery: .seconds(60)), stallAfter: stallAfter)
    }

    @Test func aDueTickStartsACycleAndKeepsTicking() {
        var loop = phase()
        #expect(loop.tick(at: start) == [.heartbeat, .sleep(.seconds(60)), .startCycle])
        #expect(loop.phase == .cycling(startedAt: 1, pollRequested: false))
        #expect(loop.tick(at: at(60)) == [.heartbeat, .sleep(.seconds(60))])
    }

    @Test func aStalledCycleTicksWithoutHeartbeats() {
        var loop = phase(stallAfter: .seconds(120))
        _ = loop.tick(at: start)
        #expect(loop.tick(at: at(119)) == [.heartbeat, .sleep(.seconds(60))])
        #expect(loop.tick(at: at(120)) == [.sleep(.seconds(60))])
    }

    @Test func aFinishedCycleSleepsUntilTheNextPollAtMostCheckEvery() {
        var loop = phase()
        _ = loop.tick(at: start)
        #expect(loop.cycleFinished(.succeeded, at: at(10), randomUnit: 0.5) == [.sleep(.seconds(60))])
        #expect(loop.tick(at: at(880)) == [.heartbeat, .sleep(.seconds(30))])
        #expect(loop.tick(at: at(910)) == [.heartbeat, .sleep(.seconds(60)), .startCycle])
    }

    @Test func aPollAskedForDuringACycleFollowsItAtOnce() {
        var loop = phase()
        _ = loop.tick(at: start)
        #expect(loop.pollNow(at: at(5)) == [])
        #expect(loop.cycleFinished(.succeeded, at: at(10), randomUnit: 0.5) == [.sleep(.zero)])
        #expect(loop.tick(at: at(10)) == [.heartbeat, .sleep(.seconds(60)), .startCycle])
    }

    @Test func aStoppedLoopDoesNothing() {
        var loop = phase()
        _ = loop.tick(at: start)
        #expect(loop.stop() == [.cancelTimer])
        #expect(loop.stop() == [])
        #expect(loop.pollNow(at: at(1)) == [])
        #expect(loop.cycleFinished(.succeeded, at: at(2), randomUnit: 0.5) == [])
        #expect(loop.tick(at: at(3)) == [])
        #expect(loop.reschedule(interval: .seconds(60), jitter: .zero, at: at(4)) == [])
    }
}
