import BreezeAlerts
import BreezeConfig
import BreezeDelivery
import BreezeModel
import BreezeSystem
import Foundation
import Testing

@testable import BreezeDaemon
import BreezeState
import BreezeVocabulary
import BreezeTestSupport

/// A receiver that is always down, so entries stay in the outbox to be looked at.
struct DownReceiver: Receiver {
    let name: String
    var delivery: DeliverySettings { DeliverySettings() }
    var refreshesWhileFiring: Bool { false }
    func deliver(_ event: AlertEvent, at now: Instant) -> DeliveryOutcome {
        .retry(reason: "down", retryAfter: .seconds(3600))
    }
}

/// A city's alert state advances only once its events are in the outbox.
struct OutboxHandOffTests {
    let paris = WatchedCity(
        city: City(name: "Paris", latitude: 48.8566, longitude: 2.3522), rule: AlertRule(threshold: 101))

    final class Rig {
        let folder = NSTemporaryDirectory() + "breeze-handoff-\(UUID().uuidString)"
        let source = ScriptedSource()
        let logger = MemoryLogger()
        let failures = FailureLatch()
        var state = DaemonState()
        let routing: DeliveryRouting
        let worker: DeliveryWorker
        var now = 1_787_234_400.0

        init() throws {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let text = "[Webhook \"ops\"]\nURL=https://hooks.example.com/a\n[City \"Paris\"]\nLatitude=48.85\nLongitude=2.35\n"
            let configuration = try ConfigurationLoader.load(text: text).configuration
            routing = DeliveryRouting(configuration: configuration, receivers: [DownReceiver(name: "ops")])
            let clock: Instant = 1_787_234_400
            worker = DeliveryWorker(
                outbox: Outbox(stateDirectory: folder), targets: routing.targets, quietHours: { _, _, _ in nil },
                clock: { clock }, random: { 0 }, report: { _ in })
        }

        /// One cycle with `aqi` for Paris, its events handed to the outbox.
        func cycle(_ aqi: Int, city: WatchedCity) -> CycleSummary {
            now += 900
            source.answers.withLock { $0 = ["Paris": aqi] }
            var summary = PollCycle.run(
                cities: [city], state: &state, source: source, logger: logger, now: Instant(unixSeconds: now), deadline: Deadline(monotonic: 0))
            OutboxHandOff.run(
                &summary, state: &state, routing: routing, delivery: worker, logger: logger, failures: failures, now: Instant(unixSeconds: now))
            return summary
        }

        var outboxIDs: [String] { Outbox(stateDirectory: folder).scan().entries.map(\.event.id) }

        func records(containing text: String) -> Int {
            logger.records.filter { $0.message.contains(text) }.count
        }
    }

    @Test func aFailedWriteKeepsTheStateAndTheSameEventComesLater() throws {
        let rig = try Rig()
        defer { rig.worker.stop() }
        #expect(rig.cycle(130, city: paris).events.isEmpty)
        // The outbox cannot be written: a file stands where its folder should be.
        #expect(FileManager.default.createFile(atPath: rig.folder + "/outbox", contents: Data()))
        let failed = rig.cycle(130, city: paris)
        #expect(failed.events.isEmpty)
        #expect(failed.alerting == 0)
        #expect(rig.state.cities["Paris"]?.alert.firing == false)
        #expect(rig.state.cities["Paris"]?.alert.breachStreak == 1)
        #expect(rig.logger.records.filter { $0.field("BREEZE_EVENT") == "firing" }.isEmpty)
        // Still failing: raised again, logged once for the condition, not once per cycle.
        _ = rig.cycle(140, city: paris)
        _ = rig.cycle(140, city: paris)
        #expect(rig.records(containing: "cannot write an entry") == 1)
        #expect(rig.state.cities["Paris"]?.alert.firing == false)

        // Space again: the firing goes out — the same crossing, the same id — then its resolve.
        try FileManager.default.removeItem(atPath: rig.folder + "/outbox")
        let written = rig.cycle(140, city: paris)
        #expect(written.events.map(\.kind) == [.firing])
        let episode = try #require(ObservationTime("2026-08-20T14:00").instant)
        #expect(written.events.first?.id == EventIdentifier.event(city: "Paris", episode: episode, number: 1, kind: .firing))
        #expect(rig.state.cities["Paris"]?.alert.firing == true)
        #expect(rig.records(containing: "writable again") == 1)
        #expect(rig.logger.records.filter { $0.field("BREEZE_EVENT") == "firing" }.count == 1)
        _ = rig.cycle(40, city: paris)
        _ = rig.cycle(40, city: paris)
        let ids = rig.outboxIDs
        #expect(ids.count == 2)
        #expect(ids.first?.hasSuffix("-1-firing") == true)
        #expect(ids.last?.hasSuffix("-2-resolved") == true)
    }

    @Test func theSameEventSubmittedTwiceMakesOneEntry() throws {
        let rig = try Rig()
        defer { rig.worker.stop() }
        _ = rig.cycle(130, city: paris)
        let stateBeforeFiring = rig.state
        let first = rig.cycle(130, city: paris)
        // kill -9 before the state was saved: the next process starts from the older state
        // and, later, finds the same crossing again.
        rig.state = stateBeforeFiring
        rig.now += 600
        let again = rig.cycle(130, city: paris)
        #expect(first.events.map(\.id) == again.events.map(\.id))
        #expect(rig.outboxIDs == first.events.map(\.id))
    }
}
