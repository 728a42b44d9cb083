import BreezeAlerts
@testable import BreezeDelivery
import BreezeModel
import BreezeVocabulary
import Testing

/// `QuietHoursHold`: the next entry, holds, those waiting with their city, and waivers.
struct QuietHoursHoldStageTests {
    @Test func aHeldEntryHoldsItsCityNotOthers() {
        let queue = [entry(1), entry(2, kind: .resolved), entry(3, city: "Tokyo", kind: .resolved)]
        let selection = QuietHoursHold.select(queue, now: 1000) { $0.event.city.name == "Paris" ? 5000 : nil }
        #expect(selection.next == 2)
        #expect(selection.result.changed.map(\.reason) == [.quietHours(until: 5000), .waitsWithItsCity(until: 5000)])
        #expect(selection.result.kept.map(\.heldUntil) == [5000, 5000, nil])
        #expect(selection.result.wake == 5000)
        #expect(selection.result.changed.first?.reason.description == "held by quiet hours until 1970-01-01T01:23:20Z")
    }

    @Test func aHoldAlreadyRecordedIsNotChangedAgain() {
        var held = entry(1)
        held.heldUntil = 5000
        let selection = QuietHoursHold.select([held], now: 2000) { _ in 5000 }
        #expect(selection.next == nil && selection.result.changed.isEmpty && selection.result.kept == [held])
        #expect(selection.result.wake == 5000)
    }

    @Test func anUrgentEntryTakesItsCitysHeldOnesFirst() {
        let queue = [entry(1), entry(2, kind: .resolved), entry(3, kind: .escalated, band: .hazardous)]
        let selection = QuietHoursHold.select(queue, now: 1000) { $0.event.band == .hazardous ? nil : 5000 }
        #expect(selection.next == 0)
        #expect(selection.result.changed.map(\.reason) == [
            .quietHours(until: 5000), .waitsWithItsCity(until: 5000), .holdWaived, .holdWaived,
        ])
        #expect(selection.result.kept.prefix(2).allSatisfy { $0.quietHoursWaived && $0.heldUntil == nil })
    }

    @Test func quietHoursConcernAlertsNotRefreshesResolvesOrWaivedEntries() {
        var refresh = entry(1, kind: .reminder)
        refresh.isRefresh = true
        var waived = entry(2)
        waived.quietHoursWaived = true
        #expect(!QuietHoursHold.applies(to: refresh))
        #expect(!QuietHoursHold.applies(to: waived))
        #expect(!QuietHoursHold.applies(to: entry(3, kind: .resolved)))
        #expect(QuietHoursHold.applies(to: entry(4, kind: .reminder)))
        // The queue holds what the policy holds: a forecast waits the night like a firing.
        #expect(QuietHoursHold.applies(to: entry(6, kind: .forecast)))
        #expect(!QuietHoursHold.applies(to: entry(7, kind: .forecastCleared)))
        #expect(!QuietHoursHold.applies(to: entry(8, kind: .digest)))
        var asked: [UInt64] = []
        let selection = QuietHoursHold.select([refresh, entry(5)], now: 1000) { asked.append($0.sequence); return 5000 }
        #expect(selection.next == 0 && asked.isEmpty)
    }
}
