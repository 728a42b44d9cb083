import BreezeSystem
import BreezeVocabulary
import Synchronization

/// libmicrohttpd's own messages ("connection limit reached", …), at most one a minute in the
/// journal, with how many were left out: a flood of clients cannot flood the journal.
final class WebLogThrottle: Sendable {
    private let logger: any Logger
    private let clock: @Sendable () -> ClockReading
    private let window = Mutex<(start: Double, suppressed: Int)?>(nil)

    init(logger: any Logger, clock: @escaping @Sendable () -> ClockReading) {
        self.logger = logger
        self.clock = clock
    }

    func log(_ message: String) {
        let now = clock().monotonic
        let suppressed = window.withLock { window -> Int? in
            if let current = window, now - current.start < 60 {
                window = (current.start, current.suppressed + 1)
                return nil
            }
            defer { window = (now, 0) }
            return window?.suppressed ?? 0
        }
        guard let suppressed else { return }
        let more = suppressed > 0 ? " (\(suppressed) more messages in the last minute left out)" : ""
        logger.log(LogRecord(.notice, "web: libmicrohttpd: \(message)\(more)"))
    }
}
