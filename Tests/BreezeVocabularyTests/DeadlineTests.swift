import BreezeVocabulary
import Testing

struct DeadlineTests {
    let start = ClockReading(monotonic: 500, wall: Instant(unixSeconds: 1_800_000_000))

    @Test func countsOnTheMonotonicClockOnly() {
        let deadline = Deadline(after: .seconds(30), from: start)
        #expect(deadline.monotonic == 530)
        // The wall clock jumping a day does not move the deadline.
        let jumped = ClockReading(monotonic: 510, wall: start.wall + .seconds(86_400))
        #expect(deadline.remaining(at: jumped) == .seconds(20))
        #expect(!deadline.hasPassed(at: jumped))
    }

    @Test func passesAtItsReadingAndThenHasNegativeTimeLeft() {
        let deadline = Deadline(after: .milliseconds(1500), from: start)
        #expect(!deadline.hasPassed(at: ClockReading(monotonic: 501.4, wall: start.wall)))
        #expect(deadline.hasPassed(at: ClockReading(monotonic: 501.5, wall: start.wall)))
        #expect(deadline.remaining(at: ClockReading(monotonic: 503.5, wall: start.wall)) == .seconds(-2))
        #expect(Deadline(monotonic: 1) < Deadline(monotonic: 2))
    }
}
