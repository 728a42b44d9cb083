import BreezeAlerts
@testable import BreezeDelivery
import Testing

/// `GoneReceiver` (410) and `Orphans` (no such receiver): who is given up, and why.
struct GoneAndOrphanStageTests {
    @Test func aGoneReceiverGivesUpEveryEntryWithItsReason() {
        let result = GoneReceiver.giveUp([entry(1), entry(2)], disabledBecause: "HTTP 410 from hooks.example.com")
        #expect(result.kept.isEmpty && result.changed.isEmpty && result.wake == nil)
        #expect(result.givenUp.map(\.entry.sequence) == [1, 2])
        #expect(result.givenUp.map(\.reason) == Array(repeating: .receiverDisabled("HTTP 410 from hooks.example.com"), count: 2))
        #expect(result.givenUp.first?.reason.description == "receiver disabled: HTTP 410 from hooks.example.com")
    }

    @Test func orphansWaitADayFromTheirCreationThenAreGivenUp() {
        let queue = [entry(1, receiver: "old", at: 1000), entry(2, receiver: "old", at: 5000)]
        let early = Orphans.sort(queue, receiver: "old", now: 1000 + Orphans.maxAge - 1)
        #expect(early.kept == queue && early.givenUp.isEmpty)
        #expect(early.wake == 1000 + Orphans.maxAge)
        let late = Orphans.sort(queue, receiver: "old", now: 1000 + Orphans.maxAge)
        #expect(late.kept.map(\.sequence) == [2])
        #expect(late.givenUp.map(\.reason) == [.receiverNotConfigured(receiver: "old", waited: Orphans.maxAge)])
        #expect(late.givenUp.first?.reason.description == "receiver \"old\" is not configured; waited 24h")
        #expect(late.wake == 5000 + Orphans.maxAge)
    }

    @Test func anOrphanWaitIsNamedInTheUnitThatFitsIt() {
        let result = Orphans.sort([entry(1, receiver: "old", at: 0)], receiver: "old", now: 90, maxAge: 90)
        #expect(result.givenUp.first?.reason.description == "receiver \"old\" is not configured; waited 90s")
        #expect(DeliveryReason.describe(5400) == "90min")
        #expect(DeliveryReason.describe(1.5) == "1.5s")
    }
}
