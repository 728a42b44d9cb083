import Foundation

/// Where the transfer thread leaves each decoded batch for the thread that converts it: one
/// batch at a time, in order. `put` returns only once the batch was taken, so the next
/// request starts while the caller works on this one, and never more than two batches (the
/// one being converted, the one on the wire) are alive.
final class BatchHandOff<Batch: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var waiting: Batch?
    private var taken = 0
    private var put = 0

    /// Leaves `batch` and waits until the caller has taken it.
    func put(_ batch: Batch) {
        condition.lock()
        defer { condition.unlock() }
        waiting = batch
        put += 1
        condition.broadcast()
        while taken < put { condition.wait() }
    }

    /// The next batch, waiting for it.
    func take() -> Batch {
        condition.lock()
        defer { condition.unlock() }
        while waiting == nil { condition.wait() }
        let batch = waiting!
        waiting = nil
        taken += 1
        condition.broadcast()
        return batch
    }
}
