import BreezeAlerts
import BreezeDelivery
import Foundation
import BreezeVocabulary
import BreezeTestSupport
import Testing

/// Outbox updates that fail (a full disk) are reported once per condition, not per attempt.
struct StorageFailureTests {
    @Test func failingUpdatesAreReportedOnceAndDeliveryGoesOn() throws {
        let state = temporaryFolder()
        let receiver = FakeReceiver(
            "ops", held: true, script: Array(repeating: .retry(reason: "HTTP 503", retryAfter: nil), count: 5))
        let log = ReportLog()
        let clock = ManualWakeUpClock()
        let worker = DeliveryWorker(
            outbox: Outbox(stateDirectory: state),
            targets: [DeliveryTarget(receiver: receiver, schedule: DeliverySchedule(initialDelay: 0.01, maximumDelay: 0.02))],
            quietHours: { _, _, _ in nil }, clock: { clock.now }, random: { 0 }, wakeUps: clock, report: log.append)
        // The receiver's folder is replaced by a file while the first attempt is held: every
        // later update (the retry count) and the removal fail.
        try FileManager.default.createDirectory(atPath: state + "/outbox/ops", withIntermediateDirectories: true)
        worker.start()
        #expect(worker.submit([DeliveryRequest(event: event(1), receiver: "ops")]).isEmpty)
        #expect(rename(state + "/outbox/ops", state + "/moved-away") == 0)
        #expect(FileManager.default.createFile(atPath: state + "/outbox/ops", contents: Data()))
        receiver.release(6)
        #expect(worker.deliverAll(on: clock))
        #expect(receiver.attempted.count == 6)
        let storage = log.all.compactMap { report -> String? in
            if case .storageFailed(let text) = report { return text } else { return nil }
        }
        #expect(storage.count == 1, "\(storage)")
        worker.stop()
    }
}
