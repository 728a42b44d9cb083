import BreezeAlerts
import BreezeDelivery
import Foundation
import Synchronization
import BreezeVocabulary
import Testing

final class ReportLog: Sendable {
    let reports = Mutex<[DeliveryReport]>([])
    func append(_ report: DeliveryReport) { reports.withLock { $0.append(report) } }
    var all: [DeliveryReport] { reports.withLock { $0 } }
}

/// Waits up to `seconds` for the worker to have nothing pending.
func waitUntilEmpty(_ worker: DeliveryWorker, seconds: Double = 10) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if worker.pendingCount == 0 { return true }
        Thread.sleep(forTimeInterval: 0.01)
    }
    return false
}

struct DeliveryWorkerTests {
    let quick = DeliverySchedule(initialDelay: 0.01, maximumDelay: 0.05)

    func worker(_ state: String, _ receivers: [FakeReceiver], log: ReportLog) -> DeliveryWorker {
        DeliveryWorker(
            outbox: Outbox(stateDirectory: state), targets: receivers.map { DeliveryTarget(receiver: $0, schedule: quick) },
            quietHours: { _, _, _ in nil }, clock: { ClockReading.system().wall }, random: { 0.5 },
            report: log.append)
    }

    @Test func retriesUntilDeliveredInOrderWithTheSameIds() {
        let state = temporaryFolder()
        let receiver = FakeReceiver("ops", script: [
            .retry(reason: "HTTP 503", retryAfter: nil), .retry(reason: "HTTP 503", retryAfter: nil),
            .retry(reason: "connection refused", retryAfter: nil),
        ])
        let log = ReportLog()
        let worker = worker(state, [receiver], log: log)
        worker.start()
        let failures = worker.submit([1, 2, 3].map { DeliveryRequest(event: event($0), receiver: "ops") })
        #expect(failures.isEmpty)
        #expect(waitUntilEmpty(worker))
        #expect(receiver.attempted == [
            "paris-1000-1-firing", "paris-1000-1-firing", "paris-1000-1-firing", "paris-1000-1-firing",
            "paris-1000-2-firing", "paris-1000-3-firing",
        ])
        #expect(worker.pendingCount == 0)
        #expect(Outbox(stateDirectory: state).scan().entries.isEmpty)
        let failed = log.all.compactMap { report -> String? in
            if case .failed(_, let error, _) = report { return error } else { return nil }
        }
        #expect(failed == ["HTTP 503", "connection refused"])
        worker.stop()
    }

    @Test func entriesAreOnDiskBeforeSubmitReturns() throws {
        let state = temporaryFolder()
        let receiver = FakeReceiver("ops", delay: 0.3)
        let worker = worker(state, [receiver], log: ReportLog())
        worker.start()
        worker.submit([DeliveryRequest(event: event(1), receiver: "ops")])
        #expect(Outbox(stateDirectory: state).scan().entries.map(\.event.id) == ["paris-1000-1-firing"])
        worker.stop()
        #expect(worker.waitForAttempts(timeout: .seconds(5)))
    }

    @Test func aRestartDeliversWhatWasLeftInOrder() throws {
        let state = temporaryFolder()
        let down = FakeReceiver("ops", script: Array(repeating: .retry(reason: "HTTP 503", retryAfter: .seconds(3600)), count: 5))
        let first = worker(state, [down], log: ReportLog())
        first.start()
        first.submit([1, 2, 3].map { DeliveryRequest(event: event($0), receiver: "ops") })
        #expect(first.waitUntilIdle(timeout: .seconds(5)))
        first.stop()
        #expect(down.attempted == ["paris-1000-1-firing"])
        let saved = Outbox(stateDirectory: state).scan().entries
        #expect(saved.map(\.attempts) == [1, 0, 0])
        #expect(saved.first?.lastError == "HTTP 503")

        // The next process: the entry keeps its backoff, then everything goes, in order.
        let up = FakeReceiver("ops")
        let log = ReportLog()
        let second = DeliveryWorker(
            outbox: Outbox(stateDirectory: state), targets: [DeliveryTarget(receiver: up, schedule: quick)],
            quietHours: { _, _, _ in nil }, clock: { ClockReading.system().wall + .seconds(7200) }, random: { 0 },
            report: log.append)
        second.start()
        second.submit([DeliveryRequest(event: event(4), receiver: "ops")])
        #expect(waitUntilEmpty(second))
        #expect(up.attempted == ["paris-1000-1-firing", "paris-1000-2-firing", "paris-1000-3-firing", "paris-1000-4-firing"])
        #expect(Outbox(stateDirectory: state).scan().entries.isEmpty)
        second.stop()
    }

    @Test func refreshesAreSkippedWhileTheCityHasAnEntryPending() {
        let state = temporaryFolder()
        let receiver = FakeReceiver("am", refreshes: true, script: [.retry(reason: "HTTP 503", retryAfter: .seconds(3600))])
        let worker = worker(state, [receiver], log: ReportLog())
        worker.start()
        worker.submit([DeliveryRequest(event: event(1), receiver: "am")])
        worker.submit([
            DeliveryRequest(event: event(2, kind: .reminder), receiver: "am", isRefresh: true),
            DeliveryRequest(event: event(3, city: "Tokyo", kind: .reminder), receiver: "am", isRefresh: true),
        ])
        #expect(Outbox(stateDirectory: state).scan().entries.map(\.event.id) == ["paris-1000-1-firing", "tokyo-1000-3-reminder"])
        worker.stop()
        worker.waitForAttempts(timeout: .seconds(5))
    }

    @Test func aCorruptEntryIsReportedNotFatal() throws {
        let state = temporaryFolder()
        try FileManager.default.createDirectory(atPath: state + "/outbox/ops", withIntermediateDirectories: true)
        try Data("not json".utf8).write(to: URL(fileURLWithPath: state + "/outbox/ops/00000000000000000001-x.json"))
        let log = ReportLog()
        let worker = worker(state, [FakeReceiver("ops")], log: log)
        worker.start()
        guard case .storageFailed(let text) = log.all.first else {
            Issue.record("no report: \(log.all)")
            return
        }
        #expect(text.hasPrefix("corrupt outbox entry \(state)/outbox/ops/00000000000000000001-x.json"))
        #expect(Outbox(stateDirectory: state).scan().deadCount == 1)
        worker.stop()
    }
}
