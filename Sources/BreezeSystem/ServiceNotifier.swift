import BreezeVocabulary
import CSystemd

#if canImport(Glibc)
import Glibc
#endif

/// Tells the service manager about the daemon's life (`sd_notify`). Without
/// `NOTIFY_SOCKET` every call is a no-op.
///
/// Messages go out from a queue of their own (`NotifyChannel`): a service manager that does
/// not read its socket never blocks the caller for long. `WATCHDOG=1` returns at once and is
/// dropped while one is still pending; `READY=1`, `STATUS=`, `RELOADING=1` and `STOPPING=1`
/// always go out, in the order given, and their caller waits for each at most `waitLimit`
/// (none while the receiver is known not to read).
public struct ServiceNotifier: Sendable {
    /// How long a caller waits for a message other than a watchdog ping to go out.
    public static let defaultWaitLimit = Duration.seconds(1)

    private let channel: NotifyChannel

    /// A notifier over `send`, which delivers one newline-separated message and says whether
    /// it was delivered (injected for tests); `send` runs on the notifier's own queue.
    public init(waitLimit: Duration = defaultWaitLimit, send: @escaping @Sendable (String) -> Bool) {
        channel = NotifyChannel(waitLimit: waitLimit, send: send)
    }

    /// The real one, through libsystemd.
    public static let systemd = ServiceNotifier { message in
        sd_notify(0, message) > 0
    }

    /// `READY=1`, optionally with a status line. True when it went out within the wait.
    @discardableResult
    public func ready(status: String? = nil) -> Bool {
        channel.deliver(["READY=1", status.map { "STATUS=\(Self.oneLine($0))" }].compactMap { $0 }.joined(separator: "\n"))
    }

    /// `STATUS=`: one human line shown by `systemctl status`. True when it went out within the
    /// wait.
    @discardableResult
    public func status(_ text: String) -> Bool { channel.deliver("STATUS=\(Self.oneLine(text))") }

    /// `WATCHDOG=1`, queued without waiting; false when dropped because the last ping has not
    /// gone out yet. The poll loop sends it on every wake-up while no poll cycle is stalled
    /// (one running longer than its budget): a daemon that merely waits for its next poll
    /// stays alive, one whose polling hangs is restarted by systemd.
    @discardableResult
    public func watchdog() -> Bool { channel.ping("WATCHDOG=1") }

    /// `RELOADING=1` with the `CLOCK_MONOTONIC` time in microseconds, as systemd expects. True
    /// when it went out within the wait.
    @discardableResult
    public func reloading() -> Bool {
        channel.deliver("RELOADING=1\nMONOTONIC_USEC=\(Self.monotonicMicroseconds())")
    }

    /// `STOPPING=1`. True when it went out within the wait (the daemon exits after it).
    @discardableResult
    public func stopping() -> Bool { channel.deliver("STOPPING=1") }

    /// The watchdog interval systemd asked for (`WATCHDOG_USEC`, when `WATCHDOG_PID` is
    /// absent or ours), or nil when the watchdog is off.
    public static func watchdogInterval(environment: [String: String]) -> Duration? {
        guard let text = environment["WATCHDOG_USEC"], let microseconds = UInt64(text),
            microseconds > 0
        else { return nil }
        if let pid = environment["WATCHDOG_PID"], pid != String(getpid()) { return nil }
        return .microseconds(microseconds)
    }

    static func monotonicMicroseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000 + UInt64(time.tv_nsec) / 1_000
    }

    /// `text` on one line, as `systemctl status` shows it: escaped by `VisibleText` (a line
    /// break as `\n`, which would end the STATUS= assignment; a bidirectional override as
    /// `\u{202E}`).
    private static func oneLine(_ text: String) -> String { VisibleText.escaped(text) }
}
