import BreezeVocabulary
import Testing

/// The one blocking sleep: it waits at least the span it is given, and not at all for none.
struct BlockingSleepTests {
    @Test func waitsAtLeastTheSpan() {
        let clock = ContinuousClock()
        let elapsed = clock.measure { BlockingSleep.wait(.milliseconds(30)) }
        #expect(elapsed >= .milliseconds(30))
    }

    @Test(arguments: [Duration.zero, .seconds(-5), Duration(seconds: -.infinity)])
    func returnsAtOnceForSpansThatAreNotPositive(span: Duration) {
        let clock = ContinuousClock()
        let elapsed = clock.measure { BlockingSleep.wait(span) }
        // A lower bound is the claim above; here only that it did not sleep a second.
        #expect(elapsed < .seconds(1))
    }
}
