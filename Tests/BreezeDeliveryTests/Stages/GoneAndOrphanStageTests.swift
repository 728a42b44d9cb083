import BreezeAlerts
@testable import BreezeDelivery
import BreezeVocabulary
import Testing

/// `GoneReceiver` (410) and `Orphans` (no such receiver): who is given up, and why.
struct GoneAndOrphanStageTests {
    @Test func aGoneReceiverGivesUpEveryEntryWithItsReason() {
        let result = GoneReceiver.giveUp([entry(1), entry(2)], disabledBecause: "HTTP 410 from hooks.example.com")
        #expect(result.kept.isEmpty && result.changed.isEmpty && result.wake == nil)
        #expect(result.givenUp.map(\.entry.sequence) == [1, 2])
        #expect(result.givenUp.map(\.reason) == Array(repeating: .receiverDisabled("HTTP 410 from hooks.example.com"), count: 2))
        #expect(result.givenUp.first?.reason.description == "receiver disabled: HTTP 410 from hooks.example.com")
        // The 410 itself is logged once; its entries are not each logged as failures.
        #expect(result.givenUp.allSatisfy { !$0.reason.isLoggedForEachEntry })
        #expect(DeliveryReason.refused("HTTP 400").isLoggedForEachEntry)
    }

    @Test func orphansWaitADayFromTheirCreationThenAreGivenUp() {
        let queue = [entry(1, receiver: "old", at: 1000), entry(2, receiver: "old", at: 5000)]
        let day = Orphans.maxAge
        let early = Orphans.sort(queue, receiver: "old", now: 1000 + day - .seconds(1))
        #expect(early.kept == queue && early.givenUp.isEmpty)
        #expect(early.wake == 1000 + day)
        let late = Orphans.sort(queue, receiver: "old", now: 1000 + day)
        #expect(late.kept.map(\.sequence) == [2])
        #expect(late.givenUp.map(\.reason) == [.receiverNotConfigured(receiver: "old", waited: Orphans.maxAge)])
        #expect(late.givenUp.first?.reason.description == "receiver \"old\" is not configured; waited 24h")
        #expect(late.wake == 5000 + day)
    }

    @Test func anOrphanWaitIsNamedInTheUnitThatFitsIt() {
        let result = Orphans.sort([entry(1, receiver: "old", at: 0)], receiver: "old", now: 90, maxAge: .seconds(90))
        #expect(result.givenUp.first?.reason.description == "receiver \"old\" is not configured; waited 90s")
        #expect(DeliveryReason.describe(.seconds(5400)) == "90min")
        #expect(DeliveryReason.describe(.milliseconds(1500)) == "1.5s")
    }
}
