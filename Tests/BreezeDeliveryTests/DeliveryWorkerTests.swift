import BreezeAlerts
import BreezeDelivery
import Foundation
import Synchronization
import BreezeVocabulary
import BreezeTestSupport
import Testing

final class ReportLog: Sendable {
    let reports = Mutex<[DeliveryReport]>([])
    func append(_ report: DeliveryReport) { reports.withLock { $0.append(report) } }
    var all: [DeliveryReport] { reports.withLock { $0 } }
}

/// The worker on a clock the test moves: its waits end on its own events (`waitUntilIdle`,
/// `waitForAttempts`), never after a time chosen to be long enough.
struct DeliveryWorkerTests {
    let quick = DeliverySchedule(initialDelay: 0.01, maximumDelay: 0.05)

    func worker(_ state: String, _ receivers: [any Receiver], log: ReportLog, clock: ManualWakeUpClock) -> DeliveryWorker {
        DeliveryWorker(
            outbox: Outbox(stateDirectory: state), targets: receivers.map { DeliveryTarget(receiver: $0, schedule: quick) },
            quietHours: { _, _, _ in nil }, clock: { clock.now }, random: { 0.5 }, wakeUps: clock,
            report: log.append)
    }

    @Test func retriesUntilDeliveredInOrderWithTheSameIds() {
        let state = temporaryFolder()
        let receiver = FakeReceiver("ops", script: [
            .retry(reason: "HTTP 503", retryAfter: nil), .retry(reason: "HTTP 503", retryAfter: nil),
            .retry(reason: "connection refused", retryAfter: nil),
        ])
        let log = ReportLog()
        let clock = ManualWakeUpClock()
        let worker = worker(state, [receiver], log: log, clock: clock)
        worker.start()
        let failures = worker.submit([1, 2, 3].map { DeliveryRequest(event: event($0), receiver: "ops") })
        #expect(failures.isEmpty)
        #expect(worker.deliverAll(on: clock))
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
        // Its attempt, once started, waits for the test: the entry cannot be delivered (and
        // removed) before the scan below, however the threads are scheduled.
        let receiver = GateReceiver("ops")
        let worker = worker(state, [receiver], log: ReportLog(), clock: ManualWakeUpClock())
        worker.start()
        worker.submit([DeliveryRequest(event: event(1), receiver: "ops")])
        #expect(Outbox(stateDirectory: state).scan().entries.map(\.event.id) == ["paris-1000-1-firing"])
        receiver.release()
        worker.stop()
        #expect(worker.waitForAttempts(timeout: .seconds(60)))
    }

    @Test func aRestartDeliversWhatWasLeftInOrder() throws {
        let state = temporaryFolder()
        let down = FakeReceiver("ops", script: Array(repeating: .retry(reason: "HTTP 503", retryAfter: .seconds(3600)), count: 5))
        let clock = ManualWakeUpClock()
        let first = worker(state, [down], log: ReportLog(), clock: clock)
        first.start()
        first.submit([1, 2, 3].map { DeliveryRequest(event: event($0), receiver: "ops") })
        #expect(first.waitUntilIdle(timeout: .seconds(60)))
        first.stop()
        #expect(down.attempted == ["paris-1000-1-firing"])
        let saved = Outbox(stateDirectory: state).scan().entries
        #expect(saved.map(\.attempts) == [1, 0, 0])
        #expect(saved.first?.lastError == "HTTP 503")

        // The next process, two hours on: the entry's backoff has passed, everything goes, in order.
        let up = FakeReceiver("ops")
        let log = ReportLog()
        let later = ManualWakeUpClock(clock.now + .seconds(7200))
        let second = DeliveryWorker(
            outbox: Outbox(stateDirectory: state), targets: [DeliveryTarget(receiver: up, schedule: quick)],
            quietHours: { _, _, _ in nil }, clock: { later.now }, random: { 0 }, wakeUps: later,
            report: log.append)
        second.start()
        second.submit([DeliveryRequest(event: event(4), receiver: "ops")])
        #expect(second.deliverAll(on: later))
        #expect(up.attempted == ["paris-1000-1-firing", "paris-1000-2-firing", "paris-1000-3-firing", "paris-1000-4-firing"])
        #expect(Outbox(stateDirectory: state).scan().entries.isEmpty)
        second.stop()
    }

    @Test func refreshesAreSkippedWhileTheCityHasAnEntryPending() {
        let state = temporaryFolder()
        let receiver = FakeReceiver("am", refreshes: true, script: [.retry(reason: "HTTP 503", retryAfter: .seconds(3600))])
        let worker = worker(state, [receiver], log: ReportLog(), clock: ManualWakeUpClock())
        worker.start()
        worker.submit([DeliveryRequest(event: event(1), receiver: "am")])
        worker.submit([
            DeliveryRequest(event: event(2, kind: .reminder), receiver: "am", isRefresh: true),
            DeliveryRequest(event: event(3, city: "Tokyo", kind: .reminder), receiver: "am", isRefresh: true),
        ])
        #expect(Outbox(stateDirectory: state).scan().entries.map(\.event.id) == ["paris-1000-1-firing", "tokyo-1000-3-reminder"])
        worker.stop()
        #expect(worker.waitForAttempts(timeout: .seconds(60)))
    }

    @Test func aCorruptEntryIsReportedNotFatal() throws {
        let state = temporaryFolder()
        try FileManager.default.createDirectory(atPath: state + "/outbox/ops", withIntermediateDirectories: true)
        try Data("not json".utf8).write(to: URL(fileURLWithPath: state + "/outbox/ops/00000000000000000001-x.json"))
        let log = ReportLog()
        let worker = worker(state, [FakeReceiver("ops")], log: log, clock: ManualWakeUpClock())
        worker.start()
        guard case .storageFailed(let text) = log.all.first else {
            Issue.record("no report: \(log.all)")
            return
        }
        #expect(text.hasPrefix("corrupt outbox entry \(state)/outbox/ops/00000000000000000001-x.json"))
        #expect(Outbox(stateDirectory: state).scan().deadCount == 1)
        worker.stop()
    }

    /// The timer is set for the next entry's time, never further than the longest sleep, and
    /// the retry goes once the clock reaches it.
    @Test func theWakeUpIsSetForTheNextRetry() {
        let state = temporaryFolder()
        let receiver = FakeReceiver("ops", script: [.retry(reason: "HTTP 503", retryAfter: .seconds(120))])
        let clock = ManualWakeUpClock()
        let start = clock.now
        let worker = worker(state, [receiver], log: ReportLog(), clock: clock)
        worker.start()
        worker.submit([DeliveryRequest(event: event(1), receiver: "ops")])
        #expect(worker.waitUntilIdle(timeout: .seconds(60)))
        #expect(clock.nextWakeUp == start + .seconds(60))
        // The longest sleep (60 s) passes first: the worker looks, finds nothing due, sleeps on.
        clock.advance(by: 60)
        #expect(worker.waitUntilIdle(timeout: .seconds(60)))
        #expect(receiver.attempted.count == 1)
        #expect(clock.nextWakeUp == start + .seconds(120))
        #expect(clock.advanceToNextWakeUp())
        #expect(worker.waitUntilIdle(timeout: .seconds(60)))
        #expect(receiver.attempted == ["paris-1000-1-firing", "paris-1000-1-firing"])
        #expect(worker.pendingCount == 0)
        worker.stop()
    }
}
