import BreezeSystem
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
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("breeze-notify-\(getpid()).sock").path
        unlink(path)
        let descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        #expect(descriptor >= 0)
        defer {
            close(descriptor)
            unlink(path)
        }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in path.utf8.enumerated() { buffer[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        #expect(bound == 0)
        setenv("NOTIFY_SOCKET", path, 1)
        defer { unsetenv("NOTIFY_SOCKET") }
        #expect(ServiceNotifier.systemd.ready(status: "testing"))
        var buffer = [UInt8](repeating: 0, count: 512)
        let received = recv(descriptor, &buffer, buffer.count, Int32(MSG_DONTWAIT))
        #expect(received > 0)
        #expect(String(decoding: buffer.prefix(max(received, 0)), as: UTF8.self) == "READY=1\nSTATUS=testing")
    }

    @Test func oneLineStatusEvenWithWindowsLineEnds() {
        let sent = MemoryLines()
        ServiceNotifier { sent.append($0); return true }.status("a\r\nb")
        #expect(sent.all == ["STATUS=a  b"])
    }
}
