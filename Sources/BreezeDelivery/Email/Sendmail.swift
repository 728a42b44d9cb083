import Foundation
import Synchronization

/// Hands a message to a sendmail-compatible program: `<program> -t -oi`, the message on
/// standard input (recipients from its headers, a lone "." not ending it).
struct Sendmail: Sendable {
    let program: String
    /// How long the program may run before it is ended and the attempt counts as failed.
    let timeout: Duration

    /// nil on success (exit 0); otherwise why, with the start of what it wrote on stderr.
    func send(_ message: [UInt8]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = ["-t", "-oi"]
        let input = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        do {
            try process.run()
        } catch {
            return "cannot run \(program): \(error.localizedDescription)"
        }
        // Write and read on their own threads, so neither pipe can block the other nor the
        // deadline.
        let streams = DispatchGroup()
        DispatchQueue.global().async(group: streams) {
            try? input.fileHandleForWriting.write(contentsOf: Data(message))
            try? input.fileHandleForWriting.close()
        }
        let errorText = Mutex(Data())
        DispatchQueue.global().async(group: streams) {
            let data = errors.fileHandleForReading.readDataToEndOfFile()
            errorText.withLock { $0 = data }
        }
        let deadline = DispatchTime.now() + .milliseconds(Int(timeout.seconds * 1000))
        if finished.wait(timeout: deadline) == .timedOut {
            // Ends only the process this call started, by its PID.
            kill(process.processIdentifier, SIGKILL)
            finished.wait()
            return "\(program) did not finish within \(Int(timeout.seconds)) s"
        }
        _ = streams.wait(timeout: .now() + .seconds(5))
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let how = process.terminationReason == .exit
                ? "exited with status \(process.terminationStatus)"
                : "was killed by signal \(process.terminationStatus)"
            let detail = ResponseClassification.bodyExcerpt(Array(errorText.withLock { $0 }), redact: { $0 })
            return "\(program) \(how)" + (detail.isEmpty ? "" : ": " + detail)
        }
        return nil
    }
}
