import BreezeVocabulary
import Testing

/// The one backoff formula, with the two settings that use it: the outbox's (5 s, ×2, at most
/// 10 minutes, up to 20 % off) and Open-Meteo's retries (2 s, ×2, at most a minute, up to half off).
struct BackoffTests {
    let outbox = Backoff(initial: 5, multiplier: 2, maximum: 600, jitter: 0.2)
    let openMeteo = Backoff(initial: 2, multiplier: 2, maximum: 60, jitter: 0.5)

    @Test func stepsDoubleUpToTheCap() {
        #expect((0...9).map { outbox.step(afterFailures: $0) } == [5, 5, 10, 20, 40, 80, 160, 320, 600, 600])
        #expect((1...7).map { openMeteo.step(afterFailures: $0) } == [2, 4, 8, 16, 32, 60, 60])
        // Never infinity, however many failures.
        #expect(outbox.step(afterFailures: .max) == 600)
    }

    @Test func jitterTakesOffUpToItsShareAndNoMore() {
        #expect(outbox.delay(afterFailures: 2, randomUnit: 0) == 10)
        #expect(outbox.delay(afterFailures: 2, randomUnit: 1) == 8)
        #expect(openMeteo.delay(afterFailures: 3, randomUnit: 0.5) == 6)
        // Out of 0…1: clamped, never below the share or above the step.
        #expect(outbox.delay(afterFailures: 1, randomUnit: 7) == 4)
        #expect(outbox.delay(afterFailures: 1, randomUnit: -1) == 5)
    }

    @Test func aCapBelowTheFirstStepIsTheStep() {
        #expect(Backoff(initial: 10, multiplier: 2, maximum: 4, jitter: 0).step(afterFailures: 3) == 4)
    }
}
