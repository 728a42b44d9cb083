import BreezeAlerts
import BreezeDelivery
import BreezeModel
import Testing
import BreezeVocabulary

/// `Group=` in the delivery state machine: which due entries go as one message, and what an
/// outcome does to each.
struct GroupingQueueTests {
    let noQuietHours: QuietHoursCheck = { _, _, _ in nil }

    func queues(_ receivers: [any Receiver], quietHours: QuietHoursCheck? = nil) -> DeliveryQueues {
        DeliveryQueues(targets: receivers.map { DeliveryTarget(receiver: $0) }, quietHours: quietHours ?? noQuietHours)
    }

    let cities = ["Paris", "Lyon", "Nice", "Lille", "Brest"]

    @Test func fewerThanGroupGoOneByOneAndGroupGoTogether() {
        var two = queues([GroupingReceiver()])
        two.add([entry(1, city: "Paris"), entry(2, city: "Lyon")])
        #expect(two.step(now: 1000).map(\.summary) == ["attempt ops 1"])

        var three = queues([GroupingReceiver()])
        three.add([entry(1, city: "Paris"), entry(2, city: "Lyon"), entry(3, city: "Nice")])
        let actions = three.step(now: 1000)
        #expect(actions.map(\.summary) == ["attempt group ops 1,2,3"])
        #expect(three.inFlightGroups["ops"] == [1, 2, 3])
        // While the group is attempted nothing else starts, and no member expires.
        #expect(three.step(now: Instant(unixSeconds: 1000 + 86_400 * 2)).filter { $0.summary.hasPrefix("bury") }.isEmpty)
    }

    @Test func aCityJoinsWithItsFirstEntryOnlyAndKeepsItsOrder() throws {
        var machine = queues([GroupingReceiver()])
        machine.add([
            entry(1, city: "Paris"), entry(2, city: "Paris", kind: .escalated, band: .veryUnhealthy),
            entry(3, city: "Lyon"), entry(4, city: "Nice"),
        ])
        let attempt = try #require(machine.step(now: 1000).first?.group)
        #expect(attempt.entries.map(\.sequence) == [1, 3, 4])
        let delivered = machine.finished(
            group: attempt.entries, id: attempt.group.id, outcome: .delivered, now: 1001, randomUnit: 0)
        #expect(delivered.map(\.summary) == [
            "remove ops 1", "delivered ops 1 in 3", "remove ops 3", "delivered ops 3 in 3",
            "remove ops 4", "delivered ops 4 in 3",
        ])
        // Paris's later entry goes next, alone.
        #expect(machine.step(now: 1001).map(\.summary) == ["attempt ops 2"])
    }

    @Test func testAlertsAndDigestsNeverGroup() throws {
        var machine = queues([GroupingReceiver()])
        machine.add([
            entry(1, city: "Paris", kind: .test), entry(2, city: "Lyon"), entry(3, city: "Nice", kind: .digest),
            entry(4, city: "Lille"), entry(5, city: "Brest"),
        ])
        // The head is a test alert: it goes alone.
        #expect(machine.step(now: 1000).map(\.summary) == ["attempt ops 1"])
        _ = machine.finished(entry(1, city: "Paris", kind: .test), outcome: .delivered, now: 1000, randomUnit: 0)
        // Lyon leads; Nice's digest is passed over (and closes Nice), Lille and Brest join.
        let attempt = try #require(machine.step(now: 1000).first?.group)
        #expect(attempt.entries.map(\.sequence) == [2, 4, 5])
    }

    @Test func aReceiverWithoutGroupNeverGroups() {
        var machine = queues([GroupingReceiver("hook", groupAtLeast: nil)])
        machine.add(cities.enumerated().map { entry($0.offset + 1, receiver: "hook", city: $0.element) })
        #expect(machine.step(now: 1000).map(\.summary) == ["attempt hook 1"])
    }

    @Test func heldEntriesReleasedTogetherAtTheEndOfQuietHoursGoAsOne() throws {
        let quietUntil: Instant = 5000
        let quietHours: QuietHoursCheck = { _, _, now in now < quietUntil ? quietUntil : nil }
        var machine = queues([GroupingReceiver()], quietHours: quietHours)
        machine.add(cities.prefix(4).enumerated().map { entry($0.offset + 1, city: $0.element, at: 1000) })
        let during = machine.step(now: 1000).map(\.summary)
        #expect(during.filter { $0.hasPrefix("attempt") }.isEmpty)
        #expect(during.filter { $0.hasPrefix("held") }.count == 4)
        #expect(machine.nextWake == quietUntil)
        let attempt = try #require(machine.step(now: quietUntil).first?.group)
        #expect(attempt.entries.map(\.sequence) == [1, 2, 3, 4])
    }

    @Test func aHeldCityStaysOutWhileTheOthersGroup() throws {
        // Quiet hours hold Paris's firing only (as if it were in another zone's night).
        let quietHours: QuietHoursCheck = { event, _, _ in event.city.name == "Paris" ? 9000 : nil }
        var machine = queues([GroupingReceiver()], quietHours: quietHours)
        machine.add([
            entry(1, city: "Paris"), entry(2, city: "Lyon"), entry(3, city: "Paris", kind: .resolved, band: .good),
            entry(4, city: "Nice"), entry(5, city: "Lille"),
        ])
        let attempt = try #require(machine.step(now: 1000).compactMap(\.group).first)
        #expect(attempt.entries.map(\.sequence) == [2, 4, 5])
    }

    @Test func aFiringWhoseResolveWaitsJoinsAsOneFoldedLine() throws {
        var machine = queues([GroupingReceiver()])
        machine.add([
            entry(1, city: "Paris"), entry(2, city: "Lyon"), entry(3, city: "Nice"),
            entry(4, city: "Lyon", kind: .resolved, band: .good),
        ])
        let actions = machine.step(now: 1000)
        #expect(actions.map(\.summary) == [
            "save ops 4", "remove ops 2", "superseded ops 2 by 4", "attempt group ops 1,4,3",
        ])
        let attempt = try #require(actions.last?.group)
        let lyon = try #require(attempt.entries.first { $0.event.city.name == "Lyon" })
        #expect(lyon.event.kind == .resolved)
        #expect(lyon.event.unannounced?.band == .unhealthy)
        // The worst news first: the two alerts, then the resolve.
        #expect(attempt.group.events.map(\.city.name) == ["Paris", "Nice", "Lyon"])
    }

    @Test func aRetryKeepsEachMembersCountAndFormsTheGroupAgain() throws {
        var machine = queues([GroupingReceiver()])
        machine.add([entry(1, city: "Paris"), entry(2, city: "Lyon"), entry(3, city: "Nice")])
        let first = try #require(machine.step(now: 1000).first?.group)
        let failed = machine.finished(
            group: first.entries, id: first.group.id, outcome: .retry(reason: "HTTP 503", retryAfter: nil),
            now: 1000, randomUnit: 0)
        #expect(failed.map(\.summary) == [
            "save ops 1", "failed ops 1: HTTP 503", "save ops 2", "failed ops 2: HTTP 503",
            "save ops 3", "failed ops 3: HTTP 503",
        ])
        #expect(machine.queues["ops"]?.map(\.attempts) == [1, 1, 1])
        // A fourth city's entry arrives while they wait.
        machine.add([entry(4, city: "Lille", at: 1002)])
        #expect(machine.step(now: 1002).isEmpty)
        let wake = try #require(machine.nextWake)
        let second = try #require(machine.step(now: wake).first?.group)
        #expect(second.entries.map(\.sequence) == [1, 2, 3, 4])
        #expect(second.group.id != first.group.id)
        let again = machine.finished(
            group: second.entries, id: second.group.id, outcome: .retry(reason: "HTTP 503", retryAfter: nil),
            now: wake, randomUnit: 0)
        // Only Lille's error is new.
        #expect(again.filter { $0.summary.hasPrefix("failed") }.map(\.summary) == ["failed ops 4: HTTP 503"])
        #expect(machine.queues["ops"]?.map(\.attempts) == [2, 2, 2, 1])
    }

    @Test func theSameMembersHaveTheSameID() {
        let events = cities.enumerated().map { event($0.offset + 1, city: $0.element) }
        let group = MessageGroup(receiver: "ops", events: events)
        #expect(group.id == MessageGroup(receiver: "ops", events: events.reversed()).id)
        #expect(group.id != MessageGroup(receiver: "mail", events: events).id)
        #expect(group.id != MessageGroup(receiver: "ops", events: Array(events.dropLast())).id)
        let prefix = "group-\(Slug.of("ops"))-"
        #expect(group.id.hasPrefix(prefix))
        #expect(group.id.dropFirst(prefix.count).allSatisfy { "0123456789abcdef".contains($0) })
        #expect(group.id.count == prefix.count + 16)
    }

    @Test func aRefusedGroupBuriesEveryMember() throws {
        var machine = queues([GroupingReceiver()])
        machine.add([entry(1, city: "Paris"), entry(2, city: "Lyon"), entry(3, city: "Nice")])
        let attempt = try #require(machine.step(now: 1000).first?.group)
        let refused = machine.finished(
            group: attempt.entries, id: attempt.group.id, outcome: .permanent(reason: "HTTP 400"), now: 1000,
            randomUnit: 0)
        #expect(refused.filter { $0.summary.hasPrefix("bury") }.count == 3)
        #expect(machine.pendingCount == 0)
    }

    @Test func aGoneReceiverBuriesEverythingOnce() throws {
        var machine = queues([GroupingReceiver()])
        machine.add([entry(1, city: "Paris"), entry(2, city: "Lyon"), entry(3, city: "Nice"), entry(4, city: "Paris")])
        let attempt = try #require(machine.step(now: 1000).first?.group)
        let gone = machine.finished(
            group: attempt.entries, id: attempt.group.id, outcome: .gone(reason: "HTTP 410"), now: 1000, randomUnit: 0)
        #expect(gone.filter { $0.summary.hasPrefix("bury") }.count == 4)
        #expect(gone.last?.summary == "gone ops (4): HTTP 410")
        #expect(machine.disabled["ops"] == "HTTP 410")
    }

    @Test func moreThanFitGoInTheNextGroup() throws {
        var machine = queues([GroupingReceiver(groupAtLeast: 2, capacity: 3)])
        machine.add(cities.enumerated().map { entry($0.offset + 1, city: $0.element) })
        let first = try #require(machine.step(now: 1000).first?.group)
        #expect(first.entries.map(\.sequence) == [1, 2, 3])
        _ = machine.finished(group: first.entries, id: first.group.id, outcome: .delivered, now: 1000, randomUnit: 0)
        let second = try #require(machine.step(now: 1000).first?.group)
        #expect(second.entries.map(\.sequence) == [4, 5])
    }

    @Test func aGroupOfAtMostFiftyLines() throws {
        var machine = queues([GroupingReceiver()])
        machine.add((1...60).map { entry($0, city: "City \($0)") })
        let first = try #require(machine.step(now: 1000).first?.group)
        #expect(first.entries.count == MessageGroup.mostMembers)
    }
}
