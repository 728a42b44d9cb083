import BreezeAlerts
import BreezeConfig
@testable import BreezeDaemon
import BreezeDelivery
import BreezeState
import BreezeVocabulary
import Foundation
import Testing

/// A digest whose outbox entry cannot be written stays due (the day is not marked), and the
/// failure is logged once per condition; once the outbox is writable it is written.
struct DigestStorageTests {
    @Test func anUnwritableOutboxKeepsTheDigestDue() throws {
        let folder = NSTemporaryDirectory() + "breeze-digest-storage-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // The state folder is a file: no outbox can be made under it, even as root.
        let blocked = folder + "/state"
        try "not a folder".write(toFile: blocked, atomically: true, encoding: .utf8)
        let configuration = try ConfigurationLoader.load(
            text: "[Breeze]\nStateDirectory=\(blocked)\n[Webhook \"ops\"]\nURL=https://hooks.example.com/a\nDigest=07:30\nTimeZone=UTC\n"
                + "[City \"Paris\"]\nLatitude=48.85\nLongitude=2.35\n").configuration
        let plan = DaemonPlan(
            configuration: configuration, source: HeldSource(), receivers: [NamedReceiver(name: "ops")])
        let now = DigestScheduleTests.instant("2026-12-01T07:30:00Z")
        func worker(_ directory: String) -> DeliveryWorker {
            DeliveryWorker(
                outbox: Outbox(stateDirectory: directory), targets: plan.routing.targets, quietHours: { _, _, _ in nil },
                clock: { now }, random: { 0.5 }, report: { _ in })
        }
        let logger = ProbeLogger()
        let failures = FailureLatch()
        let receivers = DigestReceiver.all(configuration, routing: plan.routing)
        var state = DaemonState()
        for _ in 0..<2 {
            let outcome = DigestDriver.writeDue(
                receivers, plan: plan, state: &state, forecasts: [:], extras: [:], delivery: worker(blocked),
                logger: logger, failures: failures, now: now)
            #expect(outcome.written == false && outcome.failed == true)
        }
        #expect(state.digestsSent.isEmpty)
        #expect(logger.messages.filter { $0.contains("cannot write the daily digest for ops") }.count == 1)
        #expect(logger.index(of: "daily digest for ops (") == nil)

        let good = worker(folder + "/good")
        let outcome = DigestDriver.writeDue(
            receivers, plan: plan, state: &state, forecasts: [:], extras: [:], delivery: good, logger: logger,
            failures: failures, now: now)
        #expect(outcome.written == true && outcome.failed == false)
        #expect(state.digestsSent == ["ops": "2026-12-01"])
        #expect(logger.index(of: "daily digests are written") != nil)
        #expect(logger.index(of: "daily digest for ops (2026-12-01) is in the outbox") != nil)
        good.stop()
    }
}
