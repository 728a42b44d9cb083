import BreezeModel
import Testing

/// What a resolve into each band lets people do again.
struct ResolveAdviceTests {
    @Test func everyBandHasItsOwnAdvice() {
        let phrases = Band.allCases.map(\.resolveAdvice)
        #expect(Set(phrases).count == Band.allCases.count)
        #expect(phrases.allSatisfy { !$0.isEmpty && $0.count < 120 })
        #expect(Band.moderate.resolveAdvice.contains("open the windows"))
    }

    @Test func fromUnhealthyForSensitiveGroupsUpTheAirIsNotYetGood() {
        #expect(Band.allCases.filter(\.isStillUnhealthy) == [.unhealthyForSensitiveGroups, .unhealthy, .veryUnhealthy, .hazardous])
    }
}
