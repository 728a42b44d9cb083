import BreezeVocabulary
import BreezeDaemon
import Testing

/// After a failed cycle the next comes sooner: 30 s, doubling while cycles keep failing,
/// never later than the interval; one good cycle and the interval is back.
struct PollScheduleRetryTests {
    let start = ClockReading(monotonic: 100, wall: Instant(unixSeconds: 1_800_000_000))

    func at(_ seconds: Double) -> ClockReading {
        ClockReading(monotonic: start.monotonic + seconds, wall: start.wall + .seconds(seconds))
    }

    @Test func failuresRetryAfter30SecondsDoublingUpToTheInterval() {
        var schedule = PollSchedule(interval: .seconds(900), jitter: .seconds(30), start: start)
        var now = 0.0
        var waits: [Double] = []
        for _ in 0..<7 {
            schedule.cycleFailed(at: at(now), randomUnit: 0.5)
            let wait = (schedule.nextPollWall - at(now).wall).seconds
            waits.append(wait)
            #expect(!schedule.isDue(at: at(now + wait - 1)))
            #expect(schedule.isDue(at: at(now + wait)))
            now += wait
        }
        #expect(waits == [30, 60, 120, 240, 480, 900, 900])
        #expect(schedule.failuresInARow == 7)
    }

    @Test func theIntervalAfterRetriesKeepsItsJitter() {
        var schedule = PollSchedule(interval: .seconds(100), jitter: .seconds(10), start: start)
        schedule.cycleFailed(at: start, randomUnit: 0)
        #expect(schedule.nextPollWall == start.wall + .seconds(30))
        schedule.cycleFailed(at: start, randomUnit: 0)
        #expect(schedule.nextPollWall == start.wall + .seconds(60))
        // 120 would pass the interval: the interval it is, moved by jitter as ever.
        schedule.cycleFailed(at: start, randomUnit: 0)
        #expect(schedule.nextPollWall == start.wall + .seconds(90))
    }

    @Test func aGoodCycleBringsBackTheInterval() {
        var schedule = PollSchedule(interval: .seconds(900), jitter: .zero, start: start)
        schedule.cycleFailed(at: start, randomUnit: 0.5)
        schedule.cycleFailed(at: at(30), randomUnit: 0.5)
        schedule.cycleCompleted(at: at(90), randomUnit: 0.5)
        #expect(schedule.failuresInARow == 0)
        #expect(schedule.nextPollWall == at(990).wall)
        // The next failure starts again at 30 s.
        schedule.cycleFailed(at: at(990), randomUnit: 0.5)
        #expect(schedule.nextPollWall == at(1020).wall)
    }

    @Test func aReloadKeepsTheRetryPace() {
        var schedule = PollSchedule(interval: .seconds(900), jitter: .zero, start: start)
        schedule.cycleFailed(at: start, randomUnit: 0.5)
        schedule.cycleFailed(at: at(30), randomUnit: 0.5)
        schedule.reschedule(interval: .seconds(1800), jitter: .zero, lastCompletion: at(30))
        #expect(schedule.nextPollWall == at(90).wall)
        #expect(schedule.failuresInARow == 2)
    }

    @Test func theFirstRetryIsConfigurableForTheLoop() {
        var schedule = PollSchedule(interval: .seconds(900), jitter: .zero, start: start, firstRetry: .seconds(5))
        schedule.cycleFailed(at: start, randomUnit: 0.5)
        #expect(schedule.nextPollWall == start.wall + .seconds(5))
        #expect(schedule.retryDelay == .seconds(5))
    }
}
