import BreezeDelivery
import BreezeTestSupport

extension DeliveryWorker {
    /// Runs the worker on `clock` until nothing is pending: each round waits for the worker
    /// to be idle (an event, not a poll), then moves the clock to its next wake-up. False
    /// when entries are still pending after `rounds` wake-ups.
    func deliverAll(on clock: ManualWakeUpClock, rounds: Int = 50) -> Bool {
        for _ in 0..<rounds {
            guard waitUntilIdle(timeout: .seconds(60)) else { return false }
            if pendingCount == 0 { return true }
            guard clock.advanceToNextWakeUp() else { return false }
        }
        return false
    }
}
