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
        #expect(messages[0] == "READY=1\nSTATUS=10 cities," + #"\n"# + "0 alerting")
        #expect(messages[1] == "STATUS=polling")
        #expect(messages[2] == "WATCHDOG=1")
        #expect(messages[3].hasPrefix("RELOADING=1\nMONOTONIC_USEC="))
        #expect(UInt64(messages[3].split(separator: "=").last!)! > 0)
        #expect(messages[4] == "STOPPING=1")
    }

    /// A receiver that stops reading (systemd's queue full: `sd_notify` blocks) holds up no
    /// caller beyond one bounded wait, pings pile up as one, and every other message goes out
    /// in order once it reads again.
    @Test func aStuckReceiverStallsNoCallerAndLosesNoMessage() {
        let sent = MemoryLines()
        let reading = DispatchSemaphore(value: 0)
        let notifier = ServiceNotifier(waitLimit: .milliseconds(200)) { message in
            reading.wait()
            reading.signal()
            sent.append(message)
            return true
        }
        #expect(!notifier.ready(status: "starting"))
        let pings = (0..<50).map { _ in notifier.watchdog() }
        #expect(pings.filter { $0 }.count == 1)
        #expect(!notifier.reloading())
        #expect(!notifier.status("polling"))
        #expect(!notifier.stopping())
        #expect(sent.all.isEmpty)

        reading.signal()
        #expect(eventually { sent.all.count == 5 })
        let messages = sent.all
        #expect(messages.count == 5)
        guard messages.count == 5 else { return }
        #expect(messages[0] == "READY=1\nSTATUS=starting")
        #expect(messages[1] == "WATCHDOG=1")
        #expect(messages[2].hasPrefix("RELOADING=1\nMONOTONIC_USEC="))
        #expect(messages[3] == "STATUS=polling")
        #expect(messages[4] == "STOPPING=1")
        // Reading again: callers wait for their message, and a ping goes out again.
        #expect(notifier.status("idle"))
        #expect(notifier.watchdog())
        #expect(eventually { sent.all.suffix(2) == ["STATUS=idle", "WATCHDOG=1"] })
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
        ServiceNotifier { sent.append($0); return true }.status("a\r\nb\u{202E}c")
        #expect(sent.all == [#"STATUS=a\r\nb\u{202E}c"#])
    }
}
