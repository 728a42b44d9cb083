import BreezeConfig
import BreezeHTTP
import BreezeSystem
import Dispatch
import Synchronization

/// Sends the heartbeat after each completed cycle (`HeartbeatURL=`) on a queue of its own, so
/// polling never waits for it. At most one ping is in flight: one due while the last still
/// runs is dropped (counted and logged), never queued, so a hanging monitor cannot build a
/// backlog; a failed ping is not retried (the next cycle pings anew). Each ping is bounded
/// by `timeout`. Failures are logged once each (warning), successes at debug; every text a
/// record carries has the URL's secrets removed (`Redactor(url:)`), and the answer's body is
/// never read into one.
public final class HeartbeatSender: Sendable {
    /// The limit on one ping.
    public static let timeout = Duration.seconds(10)

    private let transport: any HTTPTransport
    private let logger: any Logger
    private let queue = DispatchQueue(label: "breezed.heartbeat")
    private let inFlight = Mutex(false)
    private let dropped = Mutex(0)

    public init(transport: any HTTPTransport, logger: any Logger) {
        self.transport = transport
        self.logger = logger
    }

    /// Pings `url` for a cycle that got data or not, unless a ping is still running (then
    /// this one is dropped). Returns at once; `done` runs on the heartbeat queue when the ping
    /// ended (not for a dropped one).
    public func cycleCompleted(gotData: Bool, url: Secret, done: @escaping @Sendable () -> Void = {}) {
        let kind: HeartbeatPing.Kind = gotData ? .success : .failure
        let claimed = inFlight.withLock { running in
            if running { return false }
            running = true
            return true
        }
        guard claimed else {
            let total = dropped.withLock { count in
                count += 1
                return count
            }
            logger.log(HeartbeatRecords.dropped(kind: kind, url: url.value, total: total))
            return
        }
        queue.async { [self] in
            let record = ping(kind, url: url)
            // Free before the record is out: whoever reads it may ping again at once.
            inFlight.withLock { $0 = false }
            logger.log(record)
            done()
        }
    }

    /// One ping, waited for (`breezed --once`).
    public func send(_ kind: HeartbeatPing.Kind, url: Secret) {
        logger.log(ping(kind, url: url))
    }

    /// Sends one ping and returns its record.
    private func ping(_ kind: HeartbeatPing.Kind, url: Secret) -> LogRecord {
        let target = HeartbeatPing.url(url.value, kind: kind)
        let request = HTTPRequest(url: target, timeout: Self.timeout, needsWholeBody: false)
        let result: Result<HTTPResponse, HTTPError>
        do {
            result = .success(try transport.send(request))
        } catch {
            result = .failure(error)
        }
        return HeartbeatRecords.record(HeartbeatPing.outcome(result, url: target), kind: kind, url: url.value)
    }

    /// Pings dropped since the start because the last was still running.
    public var droppedCount: Int { dropped.withLock { $0 } }
}
