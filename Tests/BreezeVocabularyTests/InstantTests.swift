import BreezeVocabulary
import Testing

struct InstantTests {
    @Test func spansAddAndSubtract() {
        let start = Instant(unixSeconds: 1_800_000_000)
        let later = start + .seconds(90)
        #expect(later.unixSeconds == 1_800_000_090)
        #expect(later - start == .seconds(90))
        #expect(start - later == .seconds(-90))
        #expect((later - .milliseconds(500)).unixSeconds == 1_800_000_089.5)
        #expect(start < later)
    }

    @Test func durationSecondsRoundTrip() {
        #expect(Duration.milliseconds(1500).seconds == 1.5)
        #expect(Duration(seconds: 0.25) == .milliseconds(250))
        #expect(Duration(seconds: .nan) == .zero)
        #expect(Duration(seconds: 1e300) == Duration(seconds: 9e9))
        #expect(Duration(seconds: -1e300) == Duration(seconds: -9e9))
    }
}
