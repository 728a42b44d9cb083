import BreezeTestSupport
import Foundation

/// A `NOTIFY_SOCKET` of our own: a datagram socket in a temporary folder that collects
/// what the daemon tells systemd.
final class NotifyListener: @unchecked Sendable {
    let path: String
    private let descriptor: Int32
    private(set) var messages: [String] = []

    init() throws {
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
    func waitFor(seconds: Double = 20, _ matches: (String) -> Bool) -> String? {
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

/// A `breezed` running in the background, its standard error collected in a file.
final class DaemonProcess: @unchecked Sendable {
    let process = Process()
    let errorFile: URL

    init(arguments: [String], environment: [String: String]) throws {
        errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("breezed-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        process.executableURL = Binaries.breezed
        process.arguments = arguments
        var variables = ProcessInfo.processInfo.environment
        variables["JOURNAL_STREAM"] = nil
        variables["NOTIFY_SOCKET"] = nil
        for (key, value) in environment { variables[key] = value }
        process.environment = variables
        process.standardError = try FileHandle(forWritingTo: errorFile)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
    }

    /// What the daemon has written on standard error so far.
    var log: String { (try? String(contentsOf: errorFile, encoding: .utf8)) ?? "" }

    /// Waits up to `seconds` for the log to contain `text`.
    func waitForLog(_ text: String, seconds: Double = 20) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if log.contains(text) { return true }
            usleep(20_000)
        }
        return log.contains(text)
    }

    func signal(_ number: Int32) { kill(process.processIdentifier, number) }

    /// Waits up to `seconds` for the exit; nil if it is still running (then it is killed).
    func waitForExit(seconds: Double = 20) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        guard !process.isRunning else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return nil
        }
        return process.terminationStatus
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: errorFile)
    }
}
