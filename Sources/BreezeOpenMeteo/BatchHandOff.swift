import Dispatch
import Synchronization

/// Where the transfer thread leaves each decoded batch for the thread that converts it: one
/// batch at a time, in order. `put` returns only once the batch was taken, so the next
/// request starts while the caller works on this one, and never more than two batches (the
/// one being converted, the one on the wire) are alive.
final class BatchHandOff<Batch: Sendable>: Sendable {
    private let waiting = Mutex<Batch?>(nil)
    /// Signalled once per batch left.
    private let left = DispatchSemaphore(value: 0)
    /// Signalled once per batch taken.
    private let taken = DispatchSemaphore(value: 0)

    /// Leaves `batch` and waits until the caller has taken it.
    func put(_ batch: Batch) {
        waiting.withLock { $0 = batch }
        left.signal()
        taken.wait()
    }

    /// The next batch, waiting for it.
    func take() -> Batch {
        left.wait()
        let batch = waiting.withLock { waiting in
            defer { waiting = nil }
            return waiting!
        }
        taken.signal()
        return batch
    }
}
