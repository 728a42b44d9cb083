import BreezeTestSupport
import Foundation

/// A `breezed` running in the background, its standard error collected in a file.
final class DaemonProcess: @unchecked Sendable {
    let process = Process()
    let errorFile: URL

    /// `executable` is `breezed`, or a wrapper that ends by exec'ing it (`unshare`), so the
    /// process id is the daemon's.
    init(arguments: [String], environment: [String: String], executable: URL = Binaries.breezed) throws {
        errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("breezed-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        process.executableURL = executable
        process.arguments = arguments
        var variables = Processes.childEnvironment
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
    func waitForLog(_ text: String, seconds: Double = eventualSeconds) -> Bool {
        eventually(within: seconds) { log.contains(text) }
    }

    func signal(_ number: Int32) { kill(process.processIdentifier, number) }

    /// Waits up to `seconds` for the exit; nil if it is still running (then it is killed).
    func waitForExit(seconds: Double = eventualSeconds) -> Int32? {
        _ = eventually(within: seconds) { !process.isRunning }
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
