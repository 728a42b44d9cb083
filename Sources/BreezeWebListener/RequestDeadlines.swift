import Dispatch
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The one bound libmicrohttpd lacks: its timeout counts idle time, so a client sending a byte
/// a second never times out. Each open connection gets a deadline for its next request head
/// (from its start, then from each answer); a timer shuts down the sockets past theirs, and
/// libmicrohttpd, reading the end of the stream, closes and frees the connection itself.
///
/// A socket is only shut down while its connection is in the table, under the table's lock;
/// libmicrohttpd removes it (`closed`) before closing the socket, so a reused descriptor
/// number is never touched.
final class RequestDeadlines: Sendable {
    private let deadlines = Mutex<[Int32: ContinuousClock.Instant]>([:])
    private let timeout: Duration
    private let now: @Sendable () -> ContinuousClock.Instant
    // Dispatch sources are safe to cancel from any thread; the handler touches only the Mutex.
    nonisolated(unsafe) private let timer: any DispatchSourceTimer
    /// Connections cut off so far, for the listener's callers and tests.
    private let cutOff = Atomic<Int>(0)

    init(timeout: Duration, now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }) {
        self.timeout = timeout
        self.now = now
        timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "breeze.web-listener.deadlines"))
        // A quarter of the timeout, between 50 ms and 1 s: a cut-off comes at most that late.
        let milliseconds = min(1000, max(50, Int(timeout.components.seconds * 250 + timeout.components.attoseconds / 4_000_000_000_000_000)))
        timer.schedule(deadline: .now() + .milliseconds(milliseconds), repeating: .milliseconds(milliseconds))
        timer.setEventHandler { [weak self] in self?.cutOffLateConnections() }
        timer.activate()
    }

    deinit { timer.cancel() }

    var connectionsCutOff: Int { cutOff.load(ordering: .relaxed) }

    /// A connection opened, or answered a request: its next request head is due by now + timeout.
    func renew(_ socket: Int32) {
        let due = now() + timeout
        deadlines.withLock { $0[socket] = due }
    }

    /// libmicrohttpd is about to close `socket`.
    func closed(_ socket: Int32) {
        _ = deadlines.withLock { $0.removeValue(forKey: socket) }
    }

    /// Stops the timer (before libmicrohttpd stops, so nothing is shut down meanwhile).
    func stop() {
        timer.cancel()
        deadlines.withLock { $0.removeAll() }
    }

    private func cutOffLateConnections() {
        let current = now()
        deadlines.withLock { table in
            for (socket, due) in table where due <= current {
                shutdown(socket, Int32(SHUT_RDWR))
                // Not again: libmicrohttpd now reads the end of the stream and closes it.
                table.removeValue(forKey: socket)
                cutOff.add(1, ordering: .relaxed)
            }
        }
    }
}
