import BreezeDelivery
import BreezeVocabulary
import Testing

struct DeliveryScheduleTests {
    let schedule = DeliverySchedule()

    @Test func stepsDoubleFromFiveSecondsUpToTenMinutes() {
        let steps = (1...10).map { schedule.step(afterFailures: $0) }
        #expect(steps == [5, 10, 20, 40, 80, 160, 320, 600, 600, 600])
        #expect(schedule.step(afterFailures: 10_000) == 600)
    }

    @Test func jitterTakesOffAtMostTwentyPercent() {
        for failures in 1...12 {
            let step = schedule.step(afterFailures: failures)
            #expect(schedule.delay(afterFailures: failures, retryAfter: nil, randomUnit: 0) == step)
            #expect(abs(schedule.delay(afterFailures: failures, retryAfter: nil, randomUnit: 1) - step * 0.8) < 1e-9)
            let middle = schedule.delay(afterFailures: failures, retryAfter: nil, randomUnit: 0.5)
            #expect(middle < step && middle > step * 0.8)
        }
        // Out-of-range randomness is clamped, never beyond the bounds.
        #expect(schedule.delay(afterFailures: 1, retryAfter: nil, randomUnit: 7) == 4)
        #expect(schedule.delay(afterFailures: 1, retryAfter: nil, randomUnit: -1) == 5)
    }

    @Test func retryAfterIsAMinimumNotAReplacement() {
        #expect(schedule.delay(afterFailures: 1, retryAfter: 30, randomUnit: 0) == 30)
        #expect(schedule.delay(afterFailures: 8, retryAfter: 30, randomUnit: 0) == 600)
        #expect(schedule.delay(afterFailures: 8, retryAfter: 3600, randomUnit: 0) == 3600)
    }

    @Test func configuredInitialDelayScalesTheSequence() {
        let quick = DeliverySchedule(initialDelay: 0.5)
        #expect((1...4).map { quick.step(afterFailures: $0) } == [0.5, 1, 2, 4])
        let capped = DeliverySchedule(initialDelay: 900)
        #expect(capped.step(afterFailures: 3) == 900)
    }
}
