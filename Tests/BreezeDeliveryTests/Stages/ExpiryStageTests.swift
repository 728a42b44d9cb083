import BreezeAlerts
@testable import BreezeDelivery
import BreezeVocabulary
import Testing

/// `Expiry`: `MaxAge=` counted from creation or from the end of a hold.
struct ExpiryStageTests {
    @Test func entriesPastMaxAgeAreGivenUpWithTheirLastError() {
        var tired = entry(1, at: 1000)
        tired.lastError = "HTTP 503"
        let result = Expiry.sort([tired, entry(2, at: 1200)], maxAge: .seconds(3600), now: 4600, inFlight: nil)
        #expect(result.kept.map(\.sequence) == [2])
        #expect(result.givenUp.map(\.reason) == [.expired(maxAge: .seconds(3600), lastError: "HTTP 503")])
        #expect(result.givenUp.first?.reason.description == "not delivered within MaxAge 1h; last error: HTTP 503")
        #expect(result.wake == 4800)
        #expect(DeliveryReason.expired(maxAge: .seconds(3600), lastError: nil).description == "not delivered within MaxAge 1h")
    }

    @Test func theEntryBeingAttemptedIsKept() {
        let result = Expiry.sort([entry(1, at: 1000)], maxAge: .seconds(3600), now: 9000, inFlight: 1)
        #expect(result.kept.map(\.sequence) == [1] && result.givenUp.isEmpty)
    }

    @Test func aHoldAndItsCitysEntriesBehindItCountFromTheHoldsEnd() {
        var held = entry(1, at: 1000)
        held.heldUntil = 6000
        let behind = entry(2, at: 1000)
        let other = entry(3, city: "Tokyo", at: 1000)
        // While held nothing of the city expires; another city's entry does.
        let during = Expiry.sort([held, behind, other], maxAge: .seconds(1000), now: 5000, inFlight: nil)
        #expect(during.kept.map(\.sequence) == [1, 2])
        #expect(during.givenUp.map(\.entry.sequence) == [3])
        #expect(during.wake == 7000)
        // MaxAge after the hold's end, both go.
        let after = Expiry.sort([held, behind], maxAge: .seconds(1000), now: 7000, inFlight: nil)
        #expect(after.givenUp.map(\.entry.sequence) == [1, 2])
    }
}
