import Synchronization

/// Remembers whether a condition (the outbox cannot be written, the state cannot be saved)
/// holds, so that it is logged once when it starts or changes and once when it clears —
/// not once per cycle or attempt while a disk stays full. The daemon's outbox writes and
/// state saves and the delivery worker's outbox updates each keep one.
public final class FailureLatch: Sendable {
    private let current = Mutex<String?>(nil)

    public init() {}

    /// Records a failure with `reason`; true when it is new (not the one already recorded).
    public func failed(_ reason: String) -> Bool {
        current.withLock { current in
            defer { current = reason }
            return current != reason
        }
    }

    /// Records a success; true when a failure was recorded until now.
    @discardableResult
    public func succeeded() -> Bool {
        current.withLock { current in
            defer { current = nil }
            return current != nil
        }
    }
}
