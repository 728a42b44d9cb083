import CSystemd

#if canImport(Glibc)
import Glibc
#endif

/// Tells the service manager about the daemon's life (`sd_notify`). Without
/// `NOTIFY_SOCKET` every call is a no-op.
public struct ServiceNotifier: Sendable {
    private let send: @Sendable (String) -> Bool

    /// A notifier over `send`, which delivers one newline-separated message and says
    /// whether it was delivered (injected for tests).
    public init(send: @escaping @Sendable (String) -> Bool) { self.send = send }

    /// The real one, through libsystemd.
    public static let systemd = ServiceNotifier { message in
        sd_notify(0, message) > 0
    }

    /// `READY=1`, optionally with a status line.
    @discardableResult
    public func ready(status: String? = nil) -> Bool {
        send(["READY=1", status.map { "STATUS=\(Self.oneLine($0))" }].compactMap { $0 }.joined(separator: "\n"))
    }

    /// `STATUS=`: one human line shown by `systemctl status`.
    @discardableResult
    public func status(_ text: String) -> Bool { send("STATUS=\(Self.oneLine(text))") }

    /// `WATCHDOG=1`. The poll loop sends it on every wake-up while no poll cycle is stalled
    /// (one running longer than its budget): a daemon that merely waits for its next poll
    /// stays alive, one whose polling hangs is restarted by systemd.
    @discardableResult
    public func watchdog() -> Bool { send("WATCHDOG=1") }

    /// `RELOADING=1` with the `CLOCK_MONOTONIC` time in microseconds, as systemd expects.
    @discardableResult
    public func reloading() -> Bool {
        send("RELOADING=1\nMONOTONIC_USEC=\(Self.monotonicMicroseconds())")
    }

    /// `STOPPING=1`.
    @discardableResult
    public func stopping() -> Bool { send("STOPPING=1") }

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

    private static func oneLine(_ text: String) -> String {
        // Scalars, not Characters: "\r\n" is a single Character.
        var line = ""
        for scalar in text.unicodeScalars {
            line.unicodeScalars.append(scalar == "\n" || scalar == "\r" ? " " : scalar)
        }
        return line
    }
}
