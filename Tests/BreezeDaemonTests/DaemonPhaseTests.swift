import BreezeVocabulary
import Testing

@testable import BreezeDaemon

/// The daemon's life as a value: cycles one at a time, and one ordered, bounded stop.
struct DaemonPhaseTests {
    @Test func cyclesRunOneAtATime() {
        var phase = DaemonPhase()
        #expect(phase.cycleDue() == [.runCycle])
        #expect(phase.cycleRunning)
        #expect(phase.cycleDue() == [])
        #expect(phase.cycleFinished() == [.adoptCycleResult, .persist, .completeCycle])
        #expect(!phase.cycleRunning)
        #expect(phase.cycleDue() == [.runCycle])
    }

    @Test func aStopBetweenCyclesSavesThenWaitsForAttemptsThenExits() {
        var phase = DaemonPhase()
        #expect(
            phase.stop(until: Deadline(monotonic: 105))
                == [.announceStop, .stopLoop, .stopListener, .stopDelivery, .persist, .waitForAttempts(until: Deadline(monotonic: 105))])
        #expect(phase.cycleDue() == [])
        #expect(phase.stop(until: Deadline(monotonic: 106)) == [])
        #expect(phase.attemptsWaitEnded() == [.exit])
        #expect(phase.attemptsWaitEnded() == [])
        #expect(phase.phase == .stopped)
    }

    /// Loop → delivery worker → running cycle → persist → in-flight attempts → exit, every wait
    /// bounded by the one deadline.
    @Test func aStopDuringACycleFollowsTheOrder() {
        var phase = DaemonPhase()
        var steps = phase.cycleDue()
        steps += phase.stop(until: Deadline(monotonic: 105))
        steps += phase.cycleFinished()
        // The timer for the cycle's deadline fires later: nothing more.
        steps += phase.cycleWaitEnded()
        steps += phase.attemptsWaitEnded()
        #expect(
            steps == [
                .runCycle, .announceStop, .stopLoop, .stopListener, .stopDelivery, .waitForCycle(until: Deadline(monotonic: 105)), .adoptCycleResult,
                .persist, .waitForAttempts(until: Deadline(monotonic: 105)), .exit,
            ])
    }

    @Test func aCycleThatOverrunsTheDeadlineIsLeftBehind() {
        var phase = DaemonPhase()
        _ = phase.cycleDue()
        _ = phase.stop(until: Deadline(monotonic: 105))
        #expect(phase.cycleRunning)
        #expect(phase.cycleWaitEnded() == [.persist, .waitForAttempts(until: Deadline(monotonic: 105))])
        // Its result comes too late: the state saved is the one from before it.
        #expect(phase.cycleFinished() == [])
        #expect(phase.attemptsWaitEnded() == [.exit])
    }

    @Test func attemptsAndTheirDeadlineEndTheWaitOnce() {
        var phase = DaemonPhase()
        _ = phase.stop(until: Deadline(monotonic: 5))
        #expect(phase.cycleWaitEnded() == [])
        #expect(phase.attemptsWaitEnded() == [.exit])
        #expect(phase.cycleFinished() == [])
        #expect(phase.attemptsWaitEnded() == [])
    }
}
