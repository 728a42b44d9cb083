import BreezeVocabulary

#if canImport(Glibc)
import Glibc
#endif

/// Asks the daemon one question over its control socket and waits (within a time limit) for
/// the one-line answer.
public enum ControlClient {
    /// The longest answer read: a status of thousands of cities fits many times over.
    public static let maximumResponseBytes = 64 << 20

    /// Sends `request` to the socket at `path`; fails when nothing listens there
    /// (`meansNotRunning`), when the daemon takes no connection in time (`meansBusy`), when the answer does not come within `timeout` by `clock`, or when
    /// it is not an answer.
    public static func send(
        _ request: ControlRequest, to path: String, timeout: Duration = .seconds(10),
        clock: @escaping @Sendable () -> ClockReading = ClockReading.system
    ) -> Result<ControlResponse, FileError> {
        Result { () throws(FileError) in
            let descriptor = try UnixSocket.make(path, nonBlocking: false)
            defer { close(descriptor) }
            UnixSocket.setTimeouts(descriptor, seconds: timeout.seconds)
            do throws(FileError) {
                try UnixSocket.connect(descriptor, to: path)
            } catch where error.code == EAGAIN {
                // The listen queue stayed full for the whole send timeout.
                throw FileError(path: path, reason: "busy: no connection taken in time; try again", code: EAGAIN)
            }
            let line = ControlLine.encode(request)
            let deadline = Deadline(after: timeout, from: clock())
            let answer: [UInt8]
            do throws(FileError) {
                try write(line, to: descriptor, path: path)
                answer = try readLine(descriptor, path: path, deadline: deadline, clock: clock)
            } catch let sendFailure {
                // A busy daemon answers and closes before reading: its answer may be waiting.
                guard let early = try? readLine(descriptor, path: path, deadline: deadline, clock: clock) else { throw sendFailure }
                answer = early
            }
            do {
                return try ControlLine.decodeResponse(answer)
            } catch {
                throw FileError(path: path, reason: "not an answer breezectl understands: \(error)")
            }
        }
    }

    static func write(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(FileError) {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .last(path, what: "cannot send the request")
            }
            sent += count
        }
    }

    static func readLine(
        _ descriptor: Int32, path: String, deadline: Deadline, clock: @Sendable () -> ClockReading
    ) throws(FileError) -> [UInt8] {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count < 0 {
                if errno == EINTR, !deadline.hasPassed(at: clock()) { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK {
                    throw FileError(path: path, reason: "no answer in time", code: ETIMEDOUT)
                }
                throw .last(path, what: "cannot read the answer")
            }
            if count == 0 {
                throw FileError(path: path, reason: "the daemon closed the connection without an answer")
            }
            if let newline = buffer[0..<count].firstIndex(of: UInt8(ascii: "\n")) {
                // Appended, not `received + …`: a status of 100,000 cities is 42 MB to copy.
                received += buffer[0..<newline]
                return received
            }
            received += buffer[0..<count]
            guard received.count <= maximumResponseBytes else {
                throw FileError(path: path, reason: "an answer longer than \(maximumResponseBytes) bytes")
            }
            guard !deadline.hasPassed(at: clock()) else {
                throw FileError(path: path, reason: "no answer in time", code: ETIMEDOUT)
            }
        }
    }
}
