import BreezeAlerts
import BreezeDelivery
import Foundation
import BreezeVocabulary
import BreezeTestSupport
import Testing

/// An event already pending for a receiver is not written a second time — in the same run or
/// after a restart (a `kill -9` before the state was saved raises it again).
struct DuplicateEntryTests {
    func worker(_ state: String, _ receiver: FakeReceiver) -> DeliveryWorker {
        DeliveryWorker(
            outbox: Outbox(stateDirectory: state), targets: [DeliveryTarget(receiver: receiver)],
            quietHours: { _, _, _ in nil }, clock: { 1_787_234_400 }, random: { 0 }, wakeUps: ManualWakeUpClock(),
            report: { _ in })
    }

    @Test func theSameEventTwiceIsOneEntryEvenAcrossARestart() throws {
        let state = temporaryFolder()
        let down = FakeReceiver("ops", script: Array(repeating: .retry(reason: "HTTP 503", retryAfter: .seconds(3600)), count: 9))
        let first = worker(state, down)
        first.start()
        let request = DeliveryRequest(event: event(1), receiver: "ops")
        #expect(first.submit([request, request]).isEmpty)
        #expect(first.submit([request]).isEmpty)
        #expect(first.pendingCount == 1)
        first.stop()
        let second = worker(state, down)
        second.start()
        #expect(second.submit([request, DeliveryRequest(event: event(2), receiver: "ops")]).isEmpty)
        #expect(second.pendingCount == 2)
        #expect(Outbox(stateDirectory: state).scan().entries.map(\.event.id) == [event(1).id, event(2).id])
        second.stop()
    }
}
