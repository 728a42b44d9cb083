import BreezeVocabulary
import BreezeDaemon
import Testing

struct PollScheduleTests {
    let start = ClockReading(monotonic: 100, wall: Instant(unixSeconds: 1_800_000_000))

    func at(_ seconds: Double, wallShift: Double = 0) -> ClockReading {
        ClockReading(monotonic: start.monotonic + seconds, wall: start.wall + .seconds(seconds + wallShift))
    }

    @Test func firstPollIsImmediate() {
        let schedule = PollSchedule(interval: .seconds(900), jitter: .seconds(30), start: start)
        #expect(schedule.isDue(at: start))
        #expect(schedule.delay(at: start) == .zero)
    }

    @Test func nextPollIsOneIntervalAfterCompletionWithJitter() {
        var schedule = PollSchedule(interval: .seconds(900), jitter: .seconds(30), start: start)
        schedule.cycleCompleted(at: at(5), randomUnit: 0.5)
        #expect(!schedule.isDue(at: at(904)))
        #expect(schedule.isDue(at: at(905)))
        schedule.cycleCompleted(at: at(905), randomUnit: 0)
        #expect(schedule.nextPollWall == at(905 + 870).wall)
        schedule.cycleCompleted(at: at(905), randomUnit: 1)
        #expect(schedule.nextPollWall == at(905 + 930).wall)
    }

    @Test func sleepIsCappedSoClockJumpsAreNoticed() {
        var schedule = PollSchedule(interval: .seconds(900), jitter: .zero, start: start, checkEvery: .seconds(60))
        schedule.cycleCompleted(at: start, randomUnit: 0.5)
        #expect(schedule.delay(at: start) == .seconds(60))
        #expect(schedule.delay(at: at(870)) == .seconds(30))
    }

    @Test func suspendCausesOneCatchUpPollNotABurst() {
        var schedule = PollSchedule(interval: .seconds(900), jitter: .zero, start: start)
        schedule.cycleCompleted(at: start, randomUnit: 0.5)
        // Suspended for 3 hours: the monotonic clock stood still, the wall clock did not.
        let resumed = at(10, wallShift: 10_800)
        #expect(schedule.isDue(at: resumed))
        schedule.cycleCompleted(at: resumed, randomUnit: 0.5)
        #expect(!schedule.isDue(at: resumed))
        #expect(!schedule.isDue(at: at(11, wallShift: 10_800)))
    }

    @Test func clockSetBackDoesNotDelayPolling() {
        var schedule = PollSchedule(interval: .seconds(900), jitter: .zero, start: start)
        schedule.cycleCompleted(at: start, randomUnit: 0.5)
        #expect(schedule.isDue(at: at(900, wallShift: -86_400)))
    }

    @Test func pollNowMakesItDueImmediately() {
        var schedule = PollSchedule(interval: .seconds(900), jitter: .zero, start: start)
        schedule.cycleCompleted(at: start, randomUnit: 0.5)
        schedule.pollNow(at: at(10))
        #expect(schedule.isDue(at: at(10)))
    }

    @Test func jitterNeverExceedsHalfTheInterval() {
        var schedule = PollSchedule(interval: .seconds(60), jitter: .seconds(600), start: start)
        schedule.cycleCompleted(at: start, randomUnit: 0)
        #expect(schedule.nextPollWall == start.wall + .seconds(30))
    }
}
