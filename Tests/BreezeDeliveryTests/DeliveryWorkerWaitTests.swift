import BreezeAlerts
import BreezeConfig
import BreezeDelivery
import Dispatch
import Synchronization
import BreezeVocabulary
import BreezeTestSupport
import Testing

/// A receiver whose attempts wait until the test releases them.
final class GateReceiver: Receiver {
    let name: String
    let delivery = DeliverySettings(maxAge: .seconds(86_400))
    let refreshesWhileFiring = false
    let started = DispatchSemaphore(value: 0)
    private let gate = DispatchSemaphore(value: 0)

    init(_ name: String) { self.name = name }

    func release() { gate.signal() }

    func deliver(_ event: AlertEvent, at now: Instant) -> DeliveryOutcome {
        started.signal()
        gate.wait()
        return .delivered
    }
}

/// The worker's waits end when its state changes, not when a poll happens to look: a running
/// attempt holds them (however long the test holds it), its end releases them.
struct DeliveryWorkerWaitTests {
    func worker(_ state: String, _ receiver: GateReceiver) -> DeliveryWorker {
        DeliveryWorker(
            outbox: Outbox(stateDirectory: state),
            targets: [DeliveryTarget(receiver: receiver, schedule: DeliverySchedule(initialDelay: 60, maximumDelay: 60))],
            quietHours: { _, _, _ in nil }, clock: { 1_787_234_400 }, random: { 0.5 }, wakeUps: ManualWakeUpClock(),
            report: { _ in })
    }

    @Test func aRunningAttemptHoldsTheWaitsAndItsEndReleasesThem() {
        let receiver = GateReceiver("ops")
        let worker = worker(temporaryFolder(), receiver)
        worker.start()
        worker.submit([DeliveryRequest(event: event(1), receiver: "ops")])
        #expect(receiver.started.wait(timeout: .now() + 60) == .success)
        let idle = DispatchSemaphore(value: 0)
        let ended = DispatchSemaphore(value: 0)
        let called = Mutex<[String]>([])
        worker.whenIdle {
            called.withLock { $0.append("idle") }
            idle.signal()
        }
        worker.stop()
        worker.whenNoAttemptRuns {
            called.withLock { $0.append("no attempt runs") }
            ended.signal()
        }
        // pendingCount runs on the worker's queue after both registrations: had either
        // condition been taken as met while the attempt is held, its handler would have run.
        #expect(worker.pendingCount == 1)
        #expect(called.withLock { $0 }.isEmpty)
        receiver.release()
        #expect(ended.wait(timeout: .now() + 60) == .success)
        #expect(idle.wait(timeout: .now() + 60) == .success)
        #expect(worker.waitForAttempts(timeout: .seconds(60)))
        #expect(worker.pendingCount == 0)
    }

    @Test func withNothingRunningTheWaitsEndAtOnce() {
        let receiver = GateReceiver("ops")
        let worker = worker(temporaryFolder(), receiver)
        worker.start()
        #expect(worker.waitUntilIdle(timeout: .seconds(60)))
        #expect(worker.waitForAttempts(timeout: .seconds(60)))
        worker.stop()
    }
}
