import BreezeSystem
import Synchronization

/// Keeps records in memory, for tests that assert what was logged.
public final class MemoryLogger: Logger {
    private let storage = Mutex<[LogRecord]>([])

    public init() {}

    public func log(_ record: LogRecord) { storage.withLock { $0.append(record) } }

    /// Everything logged so far, in order.
    public var records: [LogRecord] { storage.withLock { $0 } }
}
