import BreezeVocabulary
import Testing

/// The four renderings of a span, each pinned where it is read.
struct DurationTextTests {
    @Test(arguments: [
        (Duration.seconds(5400), "1h 30min"), (.seconds(900), "15min"), (.zero, "0"),
        (.milliseconds(1500), "1s 500ms"), (.seconds(86_400 * 2 + 1), "2d 1s"), (.seconds(86_400), "1d"),
    ])
    func syntaxIsExactLargestUnitsFirst(span: Duration, text: String) {
        #expect(DurationText.syntax(span) == text)
    }

    @Test(arguments: [
        (Duration.seconds(86_400), "24h"), (.seconds(3600), "1h"), (.seconds(5400), "90min"), (.seconds(90), "90s"),
        (.milliseconds(1500), "1.5s"), (.zero, "0s"),
    ])
    func exactUnitIsOneUnitThatCountsTheSpanExactly(span: Duration, text: String) {
        #expect(DurationText.exactUnit(span) == text)
    }

    @Test(arguments: [
        (Duration.seconds(42), "42s"), (.seconds(119), "119s"), (.seconds(120), "2min"), (.seconds(7199), "119min"),
        (.seconds(7200), "2h"), (.seconds(172_799), "47h"), (.seconds(172_800), "2d"), (.seconds(-5), "0s"),
        (.milliseconds(999), "0s"),
    ])
    func ageIsOneUnitRoundedDown(span: Duration, text: String) {
        #expect(DurationText.age(span) == text)
    }

    @Test(arguments: [
        (Duration.seconds(2520), "42 min"), (.seconds(3900), "1 h 5 min"), (.seconds(3600), "1 h"),
        (.seconds(90_000), "1 d 1 h"), (.seconds(172_800), "2 d"), (.seconds(5), "1 min"), (.seconds(-60), "1 min"),
    ])
    func proseIsForSentencesAndAtLeastAMinute(span: Duration, text: String) {
        #expect(DurationText.prose(span) == text)
    }

    @Test func hostileSpansNeverTrap() {
        let huge = Duration(seconds: 1e300)
        #expect(DurationText.prose(huge).hasSuffix(" h") || DurationText.prose(huge).hasSuffix(" d"))
        #expect(DurationText.age(huge).hasSuffix("d"))
        #expect(DurationText.syntax(huge).hasPrefix("104166"))
        #expect(DurationText.exactUnit(Duration(seconds: .nan)) == "0s")
    }
}
