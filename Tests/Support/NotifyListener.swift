import Foundation

/// A `NOTIFY_SOCKET` of our own: a datagram socket in a temporary folder that collects
/// what a process (`sd_notify`) tells systemd.
public final class NotifyListener: @unchecked Sendable {
    public let path: String
    private let descriptor: Int32
    /// Every message received so far, in order.
    public private(set) var messages: [String] = []

    public init() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-notify-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        path = folder.appendingPathComponent("notify").path
        descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
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
        guard descriptor >= 0, bound == 0 else { throw FixtureFailure(message: "cannot bind \(path)") }
    }

    /// Waits up to `seconds` for a message satisfying `matches`, keeping every message seen.
    public func waitFor(seconds: Double = 20, _ matches: (String) -> Bool) -> String? {
        if let seen = messages.first(where: matches) { return seen }
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = recv(descriptor, &buffer, buffer.count, 0)
            guard count > 0 else { continue }
            let message = String(decoding: buffer.prefix(count), as: UTF8.self)
            messages.append(message)
            if matches(message) { return message }
        }
        return nil
    }

    deinit {
        close(descriptor)
        unlink(path)
    }
}
