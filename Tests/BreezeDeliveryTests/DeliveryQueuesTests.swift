import BreezeAlerts
import BreezeModel
import BreezeOutboxValues
import Testing
import BreezeVocabulary

@testable import BreezeDelivery

struct DeliveryQueuesTests {
    let noQuietHours: QuietHoursCheck = { _, _, _ in nil }

    func queues(_ receivers: [FakeReceiver], quietHours: QuietHoursCheck? = nil) -> DeliveryQueues {
        DeliveryQueues(targets: receivers.map { DeliveryTarget(receiver: $0) }, quietHours: quietHours ?? noQuietHours)
    }

    @Test func oneAttemptPerReceiverOldestFirstAndReceiversIndependent() {
        var machine = queues([FakeReceiver("ops"), FakeReceiver("mail")])
        machine.add([entry(3), entry(1), entry(2), entry(4, receiver: "mail")])
        #expect(machine.step(now: 1000).map(\.summary) == ["attempt mail 4", "attempt ops 1"])
        // While attempts run, nothing more starts.
        #expect(machine.step(now: 1001).map(\.summary) == [])
        let delivered = machine.finished(entry(1), outcome: .delivered, now: 1001, randomUnit: 0)
        #expect(delivered.map(\.summary) == ["remove ops 1", "delivered ops 1"])
        #expect(machine.step(now: 1001).map(\.summary) == ["attempt ops 2"])
    }

    @Test func aSpooledOrPartlyDeliveredEntryIsDoneAndSaidSo() {
        var machine = queues([FakeReceiver("mail")])
        machine.add([entry(1, receiver: "mail"), entry(2, receiver: "mail")])
        #expect(machine.step(now: 1000).map(\.summary) == ["attempt mail 1"])
        let spooled = machine.finished(entry(1, receiver: "mail"), outcome: .spooled(path: "/srv/mail"), now: 1000, randomUnit: 0)
        #expect(spooled.map(\.summary) == ["remove mail 1", "spooled mail 1 to /srv/mail"])
        #expect(machine.step(now: 1000).map(\.summary) == ["attempt mail 2"])
        let partly = machine.finished(
            entry(2, receiver: "mail"), outcome: .partlyDelivered(refused: "bob (550)"), now: 1000, randomUnit: 0)
        #expect(partly.map(\.summary) == ["remove mail 2", "delivered mail 2, but bob (550)"])
        #expect(machine.queues["mail"]?.isEmpty != false)
        // Counted apart in /metrics: a spooled message reached nobody.
        #expect(DeliveryResult(.spooled(path: "/srv/mail")) == .spooled)
        #expect(DeliveryResult(.partlyDelivered(refused: "bob")) == .delivered)
    }

    @Test func aRetryingHeadHoldsTheRestOfItsReceiverOnly() {
        var machine = queues([FakeReceiver("ops"), FakeReceiver("mail")])
        machine.add([entry(1), entry(2), entry(3, receiver: "mail"), entry(4, receiver: "mail")])
        _ = machine.step(now: 1000)
        let failed = machine.finished(
            entry(1), outcome: .retry(reason: "HTTP 503", retryAfter: nil), now: 1000, randomUnit: 0)
        #expect(failed.map(\.summary) == ["save ops 1", "failed ops 1: HTTP 503"])
        _ = machine.finished(entry(3, receiver: "mail"), outcome: .delivered, now: 1000, randomUnit: 0)
        #expect(machine.step(now: 1001).map(\.summary) == ["attempt mail 4"])
        #expect(machine.nextWake == 1005)
        #expect(machine.step(now: 1005).map(\.summary) == ["attempt ops 1"])
    }

    @Test func failuresAreReportedOnlyWhenTheErrorChanges() {
        var machine = queues([FakeReceiver("ops")])
        machine.add([entry(1)])
        var reports: [String] = []
        var now: Instant = 1000
        for reason in ["HTTP 503", "HTTP 503", "HTTP 503", "connection refused", "connection refused", "HTTP 503"] {
            _ = machine.step(now: now)
            reports += machine.finished(
                entry(1), outcome: .retry(reason: reason, retryAfter: nil), now: now, randomUnit: 0
            ).map(\.summary).filter { $0.hasPrefix("failed") }
            _ = machine.step(now: now)
            now = machine.nextWake!
        }
        #expect(reports == ["failed ops 1: HTTP 503", "failed ops 1: connection refused", "failed ops 1: HTTP 503"])
        #expect(machine.queues["ops"]?.first?.attempts == 6)
    }

    @Test func backoffFollowsTheScheduleAndRetryAfter() {
        var machine = queues([FakeReceiver("ops")])
        machine.add([entry(1)])
        var waits: [Double] = []
        var now: Instant = 1000
        for retryAfter: Duration? in [nil, nil, nil, .seconds(100), nil] {
            _ = machine.step(now: now)
            _ = machine.finished(entry(1), outcome: .retry(reason: "x", retryAfter: retryAfter), now: now, randomUnit: 0)
            _ = machine.step(now: now)
            waits.append((machine.nextWake! - now).seconds)
            now = machine.nextWake!
        }
        #expect(waits == [5, 10, 20, 100, 80])
    }

    @Test func permanentFailureGoesToDeadAndTheNextEntryFollows() {
        var machine = queues([FakeReceiver("ops")])
        machine.add([entry(1), entry(2)])
        _ = machine.step(now: 1000)
        let actions = machine.finished(entry(1), outcome: .permanent(reason: "HTTP 400"), now: 1000, randomUnit: 0)
        #expect(actions.map(\.summary) == ["bury ops 1: HTTP 400", "failed ops 1 final: HTTP 400"])
        #expect(machine.step(now: 1000).map(\.summary) == ["attempt ops 2"])
    }

    @Test func goneDisablesTheReceiverAndBuriesEverything() {
        var machine = queues([FakeReceiver("ops"), FakeReceiver("mail")])
        machine.add([entry(1), entry(2), entry(3, receiver: "mail")])
        _ = machine.step(now: 1000)
        let actions = machine.finished(entry(1), outcome: .gone(reason: "HTTP 410"), now: 1000, randomUnit: 0)
        #expect(actions.map(\.summary) == [
            "bury ops 1: receiver disabled: HTTP 410", "bury ops 2: receiver disabled: HTTP 410",
            "gone ops (2): HTTP 410",
        ])
        #expect(machine.disabled["ops"] == "HTTP 410")
        // New entries for it go straight to dead; other receivers carry on.
        machine.add([entry(5)])
        _ = machine.finished(entry(3, receiver: "mail"), outcome: .delivered, now: 1000, randomUnit: 0)
        #expect(machine.step(now: 1001).map(\.summary) == ["bury ops 5: receiver disabled: HTTP 410"])
        // A reload does not bring it back within this process.
        machine.replaceTargets([DeliveryTarget(receiver: FakeReceiver("ops"))])
        machine.add([entry(6)])
        #expect(machine.step(now: 1002).map(\.summary) == ["bury ops 6: receiver disabled: HTTP 410"])
    }

    @Test func entriesOlderThanMaxAgeGoToDeadWithTheLastError() {
        var machine = queues([FakeReceiver("ops", maxAge: .seconds(3600))])
        machine.add([entry(1), entry(2, at: 1200)])
        _ = machine.step(now: 1000)
        _ = machine.finished(entry(1), outcome: .retry(reason: "HTTP 503", retryAfter: .seconds(7200)), now: 1000, randomUnit: 0)
        _ = machine.step(now: 1001)
        #expect(machine.nextWake == 4600)
        let actions = machine.step(now: 4600).map(\.summary)
        #expect(actions == [
            "bury ops 1: not delivered within MaxAge 1h; last error: HTTP 503",
            "failed ops 1 final: not delivered within MaxAge 1h; last error: HTTP 503",
            "attempt ops 2",
        ])
    }

    @Test func quietHoursHoldThenRelease() {
        let windowEnd: Instant = 5000
        var machine = queues([FakeReceiver("ops", maxAge: .seconds(1000))]) { event, _, now in
            now < windowEnd && event.band != .hazardous ? windowEnd : nil
        }
        machine.add([entry(1), entry(2, kind: .resolved), entry(3, city: "Tokyo")])
        // Paris's firing is held, its resolved waits behind it; Tokyo is held too.
        #expect(machine.step(now: 1000).map(\.summary) == [
            "save ops 1", "held ops 1 until 5000", "save ops 2", "save ops 3", "held ops 3 until 5000",
        ])
        #expect(machine.queues["ops"]?.map(\.heldUntil) == [5000, 5000, 5000])
        #expect(machine.step(now: 2000).map(\.summary) == [])
        #expect(machine.nextWake == 5000)
        // Held entries outlive MaxAge while held: nothing is dropped. Paris's episode is over by
        // the end of the hold: one resolve tells it, no firing goes out for air that is fine.
        #expect(machine.step(now: 5000).map(\.summary) == [
            "save ops 2", "remove ops 1", "superseded ops 1 by 2", "attempt ops 2",
        ])
        #expect(machine.queues["ops"]?.first?.event.unannounced?.startedAt == entry(1).event.createdAt)
        _ = machine.finished(entry(2, kind: .resolved), outcome: .delivered, now: 5000, randomUnit: 0)
        #expect(machine.step(now: 5000).map(\.summary) == ["attempt ops 3"])
    }

    @Test func heldEntriesDoNotHoldOtherCities() {
        var machine = queues([FakeReceiver("ops")]) { event, _, _ in event.city.name == "Paris" ? 5000 : nil }
        machine.add([entry(1), entry(2, city: "Tokyo")])
        #expect(machine.step(now: 1000).map(\.summary) == ["save ops 1", "held ops 1 until 5000", "attempt ops 2"])
    }

    @Test func anUrgentEventTakesItsCitysHeldEntriesWithItInOrder() {
        var machine = queues([FakeReceiver("ops")]) { event, _, _ in event.band == .hazardous ? nil : 5000 }
        machine.add([entry(1), entry(2, city: "Tokyo"), entry(3, kind: .escalated, band: .hazardous)])
        #expect(machine.step(now: 1000).map(\.summary) == [
            "save ops 1", "held ops 1 until 5000", "save ops 2", "held ops 2 until 5000", "save ops 1", "attempt ops 1",
        ])
        #expect(machine.queues["ops"]?.first?.quietHoursWaived == true)
        _ = machine.finished(entry(1), outcome: .delivered, now: 1000, randomUnit: 0)
        // Tokyo stays held; Paris's escalation follows its firing.
        #expect(machine.step(now: 1000).map(\.summary) == ["attempt ops 3"])
    }

    @Test func refreshesAndResolvedAreNeverHeld() {
        var machine = queues([FakeReceiver("ops")]) { _, _, _ in 5000 }
        var refresh = entry(1, kind: .reminder)
        refresh.isRefresh = true
        machine.add([refresh, entry(2, city: "Tokyo", kind: .resolved)])
        #expect(machine.step(now: 1000).map(\.summary) == ["attempt ops 1"])
    }

    @Test func entriesOfAnUnconfiguredReceiverWaitThenGoToDead() {
        var machine = queues([FakeReceiver("ops")])
        machine.add([entry(1, receiver: "old"), entry(2, receiver: "old")])
        #expect(machine.step(now: 1000).map(\.summary) == ["waiting for old (2)"])
        #expect(machine.step(now: 2000).map(\.summary) == [])
        // It comes back on a reload: delivered in order.
        machine.replaceTargets([DeliveryTarget(receiver: FakeReceiver("old"))])
        #expect(machine.step(now: 2000).map(\.summary) == ["attempt old 1"])
        machine.replaceTargets([])
        _ = machine.finished(entry(1, receiver: "old"), outcome: .delivered, now: 2000, randomUnit: 0)
        #expect(machine.step(now: 2000).map(\.summary) == ["waiting for old (1)"])
        let late = machine.step(now: 1000 + DeliveryQueues.orphanMaxAge).map(\.summary)
        #expect(late.first == "bury old 2: receiver \"old\" is not configured; waited 24h")
    }

    @Test func stoppedQueuesStartNoAttempts() {
        var machine = queues([FakeReceiver("ops")])
        machine.add([entry(1)])
        machine.stop()
        #expect(machine.step(now: 1000).map(\.summary) == [])
    }
}
