import Dispatch
import Synchronization

/// Sends notify messages from a serial queue of its own, so a receiver that stops reading
/// never stalls the caller. libsystemd's `sd_notify` writes to a blocking datagram socket: with
/// the receiver's queue full (`net.unix.max_dgram_qlen` messages, 10 by default) it blocks
/// until one is read, and a poll loop sending from its own queue would block with it.
///
/// - Watchdog pings are coalesced: while one is waiting or being sent, another is dropped
///   (the one pending says the same thing).
/// - Every other message goes out, in the order given. Its caller waits until it is sent, at
///   most `waitLimit`; after one wait ran out, callers do not wait again until a send returns
///   (the receiver reads again), so a stuck receiver costs the daemon one bounded wait, not
///   one per message.
final class NotifyChannel: Sendable {
    private struct Flags {
        /// A watchdog ping is queued or being sent.
        var pingPending = false
        /// A wait ran out and no send returned since: the receiver is not reading.
        var stuck = false
    }

    private let send: @Sendable (String) -> Bool
    private let waitLimit: Duration
    private let queue = DispatchQueue(label: "breezed.notify")
    private let flags = Mutex(Flags())

    /// A channel over `send`, which delivers one message and says whether it went out.
    init(waitLimit: Duration, send: @escaping @Sendable (String) -> Bool) {
        self.waitLimit = waitLimit
        self.send = send
    }

    /// Queues a watchdog ping unless one is pending; returns whether it was queued.
    func ping(_ message: String) -> Bool {
        let claimed = flags.withLock { flags in
            if flags.pingPending { return false }
            flags.pingPending = true
            return true
        }
        guard claimed else { return false }
        queue.async { [self] in
            _ = send(message)
            flags.withLock {
                $0.pingPending = false
                $0.stuck = false
            }
        }
        return true
    }

    /// Queues `message` behind those before it and waits until it is sent (at most
    /// `waitLimit`, not at all while the receiver is stuck); returns whether it went out in
    /// that time. One not sent yet still goes out once the receiver reads again.
    func deliver(_ message: String) -> Bool {
        let done = DispatchSemaphore(value: 0)
        // nil until the send returns. Taken inside `flags`' lock, both here and below, so a
        // send that returns as the wait runs out never leaves the channel marked stuck.
        let result = Mutex<Bool?>(nil)
        queue.async { [self] in
            let sent = send(message)
            flags.withLock { flags in
                flags.stuck = false
                result.withLock { $0 = sent }
            }
            done.signal()
        }
        if flags.withLock({ $0.stuck }) { return false }
        if done.wait(timeout: .now() + .nanoseconds(Self.nanoseconds(waitLimit))) == .timedOut {
            return flags.withLock { flags in
                guard let sent = result.withLock({ $0 }) else {
                    flags.stuck = true
                    return false
                }
                return sent
            }
        }
        return result.withLock { $0 } ?? false
    }

    private static func nanoseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
    }
}
