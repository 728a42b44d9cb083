import BreezeVocabulary
import Dispatch
import Glibc
import Synchronization

/// Hands a message to a sendmail-compatible program: `<program> -t -oi`, the message on
/// standard input (recipients from its headers, a lone "." not ending it).
struct Sendmail: Sendable {
    let program: String
    /// How long the program may run before it is ended and the attempt counts as failed.
    let timeout: Duration

    /// nil on success (exit 0); otherwise why, with the start of what it wrote on stderr.
    func send(_ message: [UInt8]) -> String? {
        // Standard input and error are sockets, not pipes: a program that exits without
        // reading its input makes the write fail (MSG_NOSIGNAL) instead of raising SIGPIPE in
        // the daemon, and both are made close-on-exec atomically (Glibc does not offer pipe2).
        var input: [Int32] = [-1, -1]
        var errors: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &input) == 0 else {
            return "cannot run \(program): \(ErrorNumber.text(errno))"
        }
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &errors) == 0 else {
            let code = errno
            close(input[0])
            close(input[1])
            return "cannot run \(program): \(ErrorNumber.text(code))"
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input[1], 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
        var pid: pid_t = 0
        let arguments = [program, "-t", "-oi"]
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let spawned = posix_spawn(&pid, program, &actions, nil, argv, environ)
        // The child's ends are the child's now.
        close(input[1])
        close(errors[1])
        guard spawned == 0 else {
            close(input[0])
            close(errors[0])
            return "cannot run \(program): \(ErrorNumber.text(spawned))"
        }
        let (writeEnd, readEnd, child) = (input[0], errors[0], pid)
        let status = Mutex<Int32>(0)
        let finished = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            var result: Int32 = 0
            while waitpid(child, &result, 0) == -1, errno == EINTR {}
            status.withLock { $0 = result }
            finished.signal()
        }
        // Write and read on their own threads, so neither can block the other nor the
        // deadline.
        let streams = DispatchGroup()
        DispatchQueue.global().async(group: streams) {
            message.withUnsafeBytes { bytes in
                var sent = 0
                while sent < bytes.count {
                    let count = Glibc.send(writeEnd, bytes.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL))
                    if count < 0, errno == EINTR { continue }
                    guard count > 0 else { break }
                    sent += count
                }
            }
            close(writeEnd)
        }
        let errorText = Mutex<[UInt8]>([])
        DispatchQueue.global().async(group: streams) {
            var buffer = [UInt8](repeating: 0, count: 4096)
            var collected: [UInt8] = []
            while true {
                let count = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                // The start is what the message shows; the rest is read only to let the
                // program finish.
                if collected.count < 65_536 { collected += buffer[0..<count] }
            }
            close(readEnd)
            errorText.withLock { $0 = collected }
        }
        let deadline = DispatchTime.now() + .milliseconds(Int(timeout.seconds * 1000))
        if finished.wait(timeout: deadline) == .timedOut {
            // Ends only the process this call started, by its PID.
            kill(child, SIGKILL)
            finished.wait()
            return "\(program) did not finish within \(Int(timeout.seconds)) s"
        }
        _ = streams.wait(timeout: .now() + .seconds(5))
        let result = status.withLock { $0 }
        // WIFEXITED, WEXITSTATUS and WTERMSIG, which Swift does not import.
        let exited = result & 0x7F == 0
        let code = exited ? (result >> 8) & 0xFF : result & 0x7F
        guard exited, code == 0 else {
            let how = exited ? "exited with status \(code)" : "was killed by signal \(code)"
            let detail = ResponseClassification.bodyExcerpt(errorText.withLock { $0 }, redact: { $0 })
            return "\(program) \(how)" + (detail.isEmpty ? "" : ": " + detail)
        }
        return nil
    }
}
