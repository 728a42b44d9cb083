import BreezeSystem
import BreezeTestSupport
import Foundation
import Testing

struct ServiceNotifierTests {
    @Test func messagesFollowTheProtocol() {
        let sent = MemoryLines()
        let notifier = ServiceNotifier { message in
            sent.append(message)
            return true
        }
        notifier.ready(status: "10 cities,\n0 alerting")
        notifier.status("polling")
        notifier.watchdog()
        notifier.reloading()
        notifier.stopping()
        let messages = sent.all
        #expect(messages[0] == "READY=1\nSTATUS=10 cities, 0 alerting")
        #expect(messages[1] == "STATUS=polling")
        #expect(messages[2] == "WATCHDOG=1")
        #expect(messages[3].hasPrefix("RELOADING=1\nMONOTONIC_USEC="))
        #expect(UInt64(messages[3].split(separator: "=").last!)! > 0)
        #expect(messages[4] == "STOPPING=1")
    }

    @Test func watchdogIntervalComesFromTheEnvironment() {
        #expect(ServiceNotifier.watchdogInterval(environment: [:]) == nil)
        #expect(
            ServiceNotifier.watchdogInterval(environment: ["WATCHDOG_USEC": "30000000"])
                == .seconds(30))
        #expect(
            ServiceNotifier.watchdogInterval(environment: [
                "WATCHDOG_USEC": "30000000", "WATCHDOG_PID": "1",
            ]) == nil)
        #expect(ServiceNotifier.watchdogInterval(environment: ["WATCHDOG_USEC": "0"]) == nil)
    }

    /// The libsystemd path, end to end: a datagram socket stands where systemd's would.
    @Test func systemdNotifierReachesTheNotifySocket() throws {
        let listener = try NotifyListener()
        setenv("NOTIFY_SOCKET", listener.path, 1)
        defer { unsetenv("NOTIFY_SOCKET") }
        #expect(ServiceNotifier.systemd.ready(status: "testing"))
        #expect(listener.waitFor(seconds: 5) { _ in true } == "READY=1\nSTATUS=testing")
        #expect(listener.messages == ["READY=1\nSTATUS=testing"])
    }

    @Test func oneLineStatusEvenWithWindowsLineEnds() {
        let sent = MemoryLines()
        ServiceNotifier { sent.append($0); return true }.status("a\r\nb")
        #expect(sent.all == ["STATUS=a  b"])
    }
}
