import Foundation
import Synchronization

/// A `NOTIFY_SOCKET` of our own: a datagram socket in a temporary folder that collects
/// what a process (`sd_notify`) tells systemd. A thread of its own reads it all the time, as
/// systemd does — unless made with `draining: false`, which leaves it unread (its queue fills:
/// `fillQueue()`) until `startDraining()`.
public final class NotifyListener: @unchecked Sendable {
    public let path: String
    private let descriptor: Int32
    /// What the reader thread shares with the listener (the thread holds it, not the
    /// listener, so the listener's deinit runs and ends it).
    private final class Inbox: Sendable {
        let received = Mutex<[String]>([])
        /// Set to end the reader thread; it ends within one poll (100 ms).
        let closing = Mutex(false)
        let ended = DispatchSemaphore(value: 0)
    }

    private let inbox = Inbox()
    private let reading = Mutex(false)

    /// Every message received so far, in order.
    public var messages: [String] { inbox.received.withLock { $0 } }

    public init(draining: Bool = true) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-notify-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        path = folder.appendingPathComponent("notify").path
        descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        let bound = Self.withAddress(path) { bind(descriptor, $0, $1) }
        guard descriptor >= 0, bound == 0 else { throw FixtureFailure(message: "cannot bind \(path)") }
        if draining { startDraining() }
    }

    /// Starts reading (once; later calls do nothing): the messages queued so far come first.
    public func startDraining() {
        let started = reading.withLock { reading in
            defer { reading = true }
            return reading
        }
        guard !started else { return }
        let (inbox, descriptor) = (inbox, descriptor)
        Thread.detachNewThread {
            while !inbox.closing.withLock({ $0 }) {
                var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                guard poll(&poller, 1, 100) > 0 else { continue }
                var buffer = [UInt8](repeating: 0, count: 4096)
                let count = recv(descriptor, &buffer, buffer.count, Int32(MSG_DONTWAIT))
                guard count > 0 else { continue }
                let message = String(decoding: buffer.prefix(count), as: UTF8.self)
                inbox.received.withLock { $0.append(message) }
            }
            inbox.ended.signal()
        }
    }

    /// Fills the socket's receive queue with `filler` datagrams from a socket of the test's
    /// own, until the kernel refuses one more (`net.unix.max_dgram_qlen`): a sender that
    /// blocks (libsystemd's `sd_notify`) then blocks until the listener reads. Returns how
    /// many were queued. Only for a listener made with `draining: false`.
    public func fillQueue(with filler: String = "FILLER=1") throws -> Int {
        let sender = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        guard sender >= 0 else { throw FixtureFailure(message: "cannot open a datagram socket") }
        defer { close(sender) }
        var queued = 0
        while queued < 100_000 {
            let result = Self.withAddress(path) { address, length in
                filler.withCString { sendto(sender, $0, strlen($0), Int32(MSG_DONTWAIT), address, length) }
            }
            if result < 0 {
                guard errno == EAGAIN || errno == EWOULDBLOCK else {
                    throw FixtureFailure(message: "cannot send to \(path): errno \(errno)")
                }
                return queued
            }
            queued += 1
        }
        throw FixtureFailure(message: "\(path) took 100000 datagrams without filling")
    }

    /// Waits up to `seconds` for a message satisfying `matches` (the first such one received,
    /// however long ago). The listener must be draining.
    public func waitFor(seconds: Double = eventualSeconds, _ matches: (String) -> Bool) -> String? {
        eventuallyFound(within: seconds) { messages.first(where: matches) }
    }

    deinit {
        inbox.closing.withLock { $0 = true }
        if reading.withLock({ $0 }) { inbox.ended.wait() }
        close(descriptor)
        unlink(path)
    }

    private static func withAddress<Result>(
        _ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Result
    ) -> Result {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in path.utf8.enumerated() { buffer[index] = byte }
        }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }
}
