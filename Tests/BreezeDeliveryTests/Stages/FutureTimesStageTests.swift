import BreezeAlerts
@testable import BreezeDelivery
import BreezeModel
import BreezeVocabulary
import Testing

/// `FutureTimes`: times set while the clock ran ahead come back to now, once, with a reason.
struct FutureTimesStageTests {
    @Test func anEntryCreatedAheadCountsFromNowAndIsNotHeld() throws {
        var ahead = entry(1, at: 1000 + .seconds(365 * 86_400))
        ahead.heldUntil = ahead.createdAt
        let result = FutureTimes.clamp([ahead], maxAge: .seconds(3600), now: 1000)
        #expect(result.changed.map(\.reason) == [.clockRanAhead])
        let clamped = try #require(result.kept.first)
        #expect(clamped.createdAt == 1000 && clamped.nextAttemptAt == 1000 && clamped.heldUntil == nil)
        #expect(result.changed.first?.entry == clamped)
    }

    @Test func withinTheSkewNothingChanges() {
        let near = entry(1, at: 1000 + ClockSkew.tolerance)
        let result = FutureTimes.clamp([near], maxAge: .seconds(3600), now: 1000)
        #expect(result.kept == [near] && result.changed.isEmpty && result.givenUp.isEmpty)
    }

    @Test func aRetryOrHoldFurtherThanWorthWaitingForIsDueNow() {
        var retry = entry(1, at: 1000)
        retry.nextAttemptAt = 1000 + ClockSkew.tolerance + .seconds(86_400 + 1)
        var patient = entry(2, at: 1000)
        patient.nextAttemptAt = 1000 + .seconds(20 * 3600)
        var held = entry(3, city: "Tokyo", at: 1000)
        held.heldUntil = 1000 + ClockSkew.tolerance + .seconds(86_400 + 1)
        let result = FutureTimes.clamp([retry, patient, held], maxAge: .seconds(3600), now: 1000)
        #expect(result.changed.map(\.entry.sequence) == [1, 3])
        #expect(result.kept.map(\.nextAttemptAt) == [1000, 1000 + .seconds(20 * 3600), 1000])
        #expect(result.kept[2].heldUntil == nil)
        // A MaxAge longer than a day lets a retry wait that long.
        #expect(FutureTimes.clamp([retry], maxAge: .seconds(3 * 86_400), now: 1000).changed.isEmpty)
    }
}
