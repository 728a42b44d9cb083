import BreezeVocabulary
import BreezeDaemon
import Testing

/// A reload (SIGHUP) changes interval and jitter; it never drops a poll asked for by SIGUSR1.
struct PollScheduleReloadTests {
    let start = ClockReading(monotonic: 100, wall: Instant(unixSeconds: 1_800_000_000))

    func at(_ seconds: Double) -> ClockReading {
        ClockReading(monotonic: start.monotonic + seconds, wall: start.wall + .seconds(seconds))
    }

    @Test func aReloadRightAfterPollNowKeepsThePollDue() {
        var schedule = PollSchedule(interval: .seconds(900), jitter: .zero, start: start)
        schedule.cycleCompleted(at: start, randomUnit: 0.5)
        schedule.pollNow(at: at(10))
        schedule.reschedule(interval: .seconds(1800), jitter: .zero, lastCompletion: start)
        #expect(schedule.isDue(at: at(10)))
        #expect(schedule.nextPollWall == at(10).wall)
        #expect(schedule.interval == .seconds(1800))
    }

    @Test func onceTheRequestedPollRanAReloadMovesTheNextOneAgain() {
        var schedule = PollSchedule(interval: .seconds(900), jitter: .zero, start: start)
        schedule.cycleCompleted(at: start, randomUnit: 0.5)
        schedule.pollNow(at: at(10))
        #expect(schedule.pollRequested)
        schedule.cycleCompleted(at: at(12), randomUnit: 0.5)
        #expect(!schedule.pollRequested)
        schedule.reschedule(interval: .seconds(1800), jitter: .zero, lastCompletion: at(12))
        #expect(schedule.nextPollWall == at(1812).wall)
    }

    @Test func aFailedRequestedPollAlsoEndsTheRequest() {
        var schedule = PollSchedule(interval: .seconds(900), jitter: .zero, start: start)
        schedule.pollNow(at: start)
        schedule.cycleFailed(at: at(1), randomUnit: 0.5)
        schedule.reschedule(interval: .seconds(600), jitter: .zero, lastCompletion: at(1))
        #expect(schedule.nextPollWall == at(31).wall)
    }

    @Test func aReloadWithAShorterIntervalBringsTheNextPollCloser() {
        var schedule = PollSchedule(interval: .seconds(900), jitter: .zero, start: start)
        schedule.cycleCompleted(at: start, randomUnit: 0.5)
        schedule.reschedule(interval: .seconds(600), jitter: .zero, lastCompletion: start)
        #expect(schedule.nextPollWall == at(600).wall)
        #expect(!schedule.isDue(at: at(599)))
        #expect(schedule.isDue(at: at(600)))
    }

    @Test func anUnchangedReloadKeepsTheJitteredTime() {
        var schedule = PollSchedule(interval: .seconds(900), jitter: .seconds(30), start: start)
        schedule.cycleCompleted(at: start, randomUnit: 0)
        #expect(schedule.nextPollWall == at(870).wall)
        schedule.reschedule(interval: .seconds(900), jitter: .seconds(30), lastCompletion: start)
        #expect(schedule.nextPollWall == at(870).wall)
        // A jitter over half the interval is the same jitter once clamped.
        schedule.reschedule(interval: .seconds(900), jitter: .seconds(30), lastCompletion: start)
        schedule.reschedule(interval: .seconds(900), jitter: .seconds(450), lastCompletion: start)
        #expect(schedule.nextPollWall == at(900).wall)
    }
}
