import BreezeVocabulary
import Dispatch

#if canImport(Glibc)
import Glibc
#endif

/// One client of the control socket: reads one request line (at most the server's
/// `requestBytes`; the bytes before the client shut its side count as a line too), answers
/// it, closes. A deadline timer closes it whatever it is doing: one deadline from accept to
/// the whole request (sending nothing, or part of a line, is no way to stay), another from
/// the answer being ready to its last byte sent (not reading is no way to stay either).
/// Touched on the server's queue alone.
final class ControlConnection: @unchecked Sendable {
    private let descriptor: Int32
    private let peer: uid_t?
    private unowned let server: ControlServer
    private let queue: DispatchQueue
    private var input: [UInt8] = []
    private var output: [UInt8] = []
    private var written = 0
    private var reader: (any DispatchSourceRead)?
    private var writer: (any DispatchSourceWrite)?
    private let wakeUps: any WakeUpTimers
    private var timer: (any WakeUpTimer)?
    private var descriptorSources = 0
    private var finished = false
    private var deadlineSeconds = 0.0
    var onFinish: () -> Void = {}

    init(descriptor: Int32, peer: uid_t?, server: ControlServer, queue: DispatchQueue, wakeUps: any WakeUpTimers) {
        self.descriptor = descriptor
        self.peer = peer
        self.server = server
        self.queue = queue
        self.wakeUps = wakeUps
    }

    func start(deadline seconds: Double) {
        dispatchPrecondition(condition: .onQueue(queue))
        deadlineSeconds = seconds
        let timer = wakeUps.timer(on: queue) { [self] in finish() }
        timer.schedule(after: seconds)
        self.timer = timer
        let reader = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
        reader.setEventHandler { [self] in readAvailable() }
        watch(reader)
        reader.resume()
        self.reader = reader
    }

    /// Closes the connection now; the descriptor once no source watches it.
    func finish() {
        dispatchPrecondition(condition: .onQueue(queue))
        guard !finished else { return }
        finished = true
        timer?.cancel()
        reader?.cancel()
        writer?.cancel()
        if descriptorSources == 0 { close(descriptor) }
        onFinish()
    }

    private func watch(_ source: any DispatchSourceProtocol) {
        dispatchPrecondition(condition: .onQueue(queue))
        descriptorSources += 1
        let descriptor = self.descriptor
        source.setCancelHandler { [self] in
            descriptorSources -= 1
            if descriptorSources == 0, finished { close(descriptor) }
        }
    }

    private func readAvailable() {
        dispatchPrecondition(condition: .onQueue(queue))
        let limit = server.limits.requestBytes
        var buffer = [UInt8](repeating: 0, count: limit + 1)
        while !finished {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count < 0 {
                if errno == EINTR { continue }
                if errno != EAGAIN && errno != EWOULDBLOCK { finish() }
                return
            }
            if count == 0 {
                // The client shut its side (`printf '{"request":"status"}' | socat - UNIX-CONNECT:…`):
                // what it sent is the request, newline or not; having sent nothing, it asks nothing.
                return input.isEmpty ? finish() : requestIsIn(input)
            }
            input += buffer[0..<count]
            if let newline = input.firstIndex(of: UInt8(ascii: "\n")), newline < limit {
                return requestIsIn(Array(input[..<newline]))
            }
            if input.count >= limit {
                stopReading()
                return respond(.failure("request longer than \(limit) bytes"))
            }
        }
    }

    /// Stops reading and asks the server to answer `line`.
    private func requestIsIn(_ line: [UInt8]) {
        dispatchPrecondition(condition: .onQueue(queue))
        stopReading()
        // Making the answer is the daemon's time (see `respond`).
        timer?.disarm()
        server.answer(line, from: peer) { [self] in respond($0) }
    }

    private func stopReading() {
        dispatchPrecondition(condition: .onQueue(queue))
        reader?.cancel()
        reader = nil
    }

    private func respond(_ response: ControlResponse) {
        dispatchPrecondition(condition: .onQueue(queue))
        guard !finished else { return }
        do {
            output = try ControlLine.encode(response)
        } catch {
            output = (try? ControlLine.encode(ControlResponse.failure("cannot encode the answer: \(error)"))) ?? []
        }
        // The client gets the deadline again to read the answer: the daemon's own time making
        // it (a status of 100,000 cities on a busy machine) is not the client's to lose.
        timer?.schedule(after: deadlineSeconds)
        writeAvailable()
    }

    private func writeAvailable() {
        dispatchPrecondition(condition: .onQueue(queue))
        while !finished, written < output.count {
            let count = output[written...].withUnsafeBytes {
                send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if count < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK { return waitUntilWritable() }
                return finish()
            }
            written += count
        }
        finish()
    }

    private func waitUntilWritable() {
        dispatchPrecondition(condition: .onQueue(queue))
        guard writer == nil else { return }
        let writer = DispatchSource.makeWriteSource(fileDescriptor: descriptor, queue: queue)
        writer.setEventHandler { [self] in writeAvailable() }
        watch(writer)
        writer.resume()
        self.writer = writer
    }
}
