import BreezeAlerts
import BreezeModel
import BreezeTestSupport
import BreezeVocabulary
import Foundation
import Synchronization
import Testing

@testable import BreezeControlSocket

#if canImport(Glibc)
import Glibc
import BreezeState
import BreezeVocabulary
#endif

/// The control socket's server and client over a real Unix socket in a temporary folder.
@Suite struct ControlServerTests {
    let folder: String

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-control-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    var path: String { folder + "/control" }

    /// A server whose status answer carries a state with one city, counting what it handled.
    func serve(
        limits: ControlServer.Limits = ControlServer.Limits(), privileged: @escaping @Sendable (uid_t) -> Bool = { _ in true }
    ) throws -> (ControlServer, Handled) {
        let handled = Handled()
        let server = ControlServer(path: path, limits: limits, isPrivileged: privileged) { request, reply in
            handled.add(request.request)
            var response = ControlResponse(message: "handled \(request.request)")
            var state = DaemonState()
            state.lastCycleCompletedAt = Instant(unixSeconds: 1_700_000_000)
            response.state = state
            reply(response)
        }
        try server.start()
        return (server, handled)
    }

    @Test func answersAStatusRequestAndLeavesTheSocketConnectableByEveryone() throws {
        let (server, handled) = try serve()
        defer { server.stop() }
        let response = try ControlClient.send(ControlRequest(.status), to: path).get()
        #expect(response.ok)
        #expect(response.state?.lastCycleCompletedAt == Instant(unixSeconds: 1_700_000_000))
        #expect(handled.requests == ["status"])
        var status = stat()
        #expect(stat(path, &status) == 0)
        #expect(status.st_mode & 0o777 == 0o666)
        server.stop()
        #expect(access(path, F_OK) != 0)
    }

    @Test func refusesPrivilegedRequestsFromOtherUsersButAnswersReadOnlyOnes() throws {
        let (server, handled) = try serve(privileged: { _ in false })
        defer { server.stop() }
        for kind in [ControlRequestKind.poll, .reload, .retry] {
            let response = try ControlClient.send(ControlRequest(kind), to: path).get()
            #expect(!response.ok)
            #expect(response.error?.hasPrefix("permission denied: '\(kind.rawValue)'") == true)
        }
        #expect(handled.requests.isEmpty)
        #expect(try ControlClient.send(ControlRequest(.outbox), to: path).get().ok)
        #expect(handled.requests == ["outbox"])
    }

    @Test func theDefaultPolicyAcceptsRootAndTheDaemonsOwnUserOnly() {
        #expect(ControlServer.rootOrSelf(0))
        #expect(ControlServer.rootOrSelf(geteuid()))
        #expect(!ControlServer.rootOrSelf(65534) || geteuid() == 65534)
    }

    @Test func refusesARequestLongerThanTheLimitWithoutHandlingIt() throws {
        let (server, handled) = try serve(limits: .init(requestBytes: 256))
        defer { server.stop() }
        let answer = try exchange(Array(repeating: UInt8(ascii: "x"), count: 10_000))
        #expect(answer.contains("request longer than 256 bytes"))
        #expect(handled.requests.isEmpty)
        // A request just within the limit still works.
        let padded = "{\"request\":\"status\"" + String(repeating: " ", count: 200) + "}\n"
        #expect(try exchange(Array(padded.utf8)).contains("handled status"))
    }

    @Test func answersMalformedAndUnknownRequestsWithAnError() throws {
        let (server, handled) = try serve()
        defer { server.stop() }
        #expect(try exchange(Array("status\n".utf8)).contains("not a request (expected '{' at byte 0)"))
        #expect(try exchange(Array("{\"receiver\":\"ops\"}\n".utf8)).contains("no \\\"request\\\" member"))
        #expect(try exchange(Array("{\"request\":[[[[1]]]]}\n".utf8)).contains("not a request"))
        #expect(try exchange(Array("{\"request\":\"status\"} trailing\n".utf8)).contains("unexpected text after the request"))
        #expect(try exchange(Array("{\"request\":\"rm -rf\"}\n".utf8)).contains("unknown request 'rm -rf'"))
        #expect(handled.requests.isEmpty)
    }

    /// A client that connects and sends nothing, and one that sends half a request and stalls,
    /// are served nobody's time: others are answered meanwhile, and at the deadline (on a clock
    /// the test moves) the server closes both by itself.
    @Test func silentAndStalledClientsNeitherBlockOthersNorStayPastTheDeadline() throws {
        let clock = ManualWakeUpClock()
        let server = ControlServer(
            path: path, limits: .init(connectionSeconds: 5), isPrivileged: { _ in true }, wakeUps: clock
        ) { request, reply in reply(ControlResponse(message: "handled \(request.request)")) }
        try server.start()
        defer { server.stop() }
        let silent = try connect()
        defer { close(silent) }
        let stalled = try connect()
        defer { close(stalled) }
        let half = Array(#"{"request":"sta"#.utf8)
        #expect(half.withUnsafeBytes { send(stalled, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } == half.count)
        try #require(eventually { server.connectionCount == 2 })
        // Served while both hold their connections.
        #expect(try ControlClient.send(ControlRequest(.status), to: path).get().message == "handled status")
        // Not yet: the deadline is 5 s from accept, and the clock has not moved.
        #expect(server.connectionCount == 2)
        clock.advance(by: 5)
        #expect(eventually { server.connectionCount == 0 })
        // Closed by the server: each reads the end, unanswered (the guard timeout would be EAGAIN).
        for descriptor in [silent, stalled] {
            UnixSocket.setTimeouts(descriptor, seconds: 60)
            var byte: UInt8 = 0
            #expect(recv(descriptor, &byte, 1, 0) == 0)
        }
    }

    /// A request ends where the client shuts its side, newline or not (`printf … | socat`); a
    /// client that shuts it having sent nothing is closed unanswered.
    @Test func aRequestEndsWhereTheClientShutsItsSide() throws {
        let (server, handled) = try serve()
        defer { server.stop() }
        let answer = try exchange(Array(#"{"request":"poll"}"#.utf8), shutWrite: true)
        #expect(answer.hasPrefix(#"{"message":"handled poll","ok":true"#))
        #expect(answer.hasSuffix("\n"))
        // Not JSON: answered with the error, not left unanswered.
        #expect(try exchange(Array("status".utf8), shutWrite: true).contains("not a request (expected '{' at byte 0)"))
        #expect(try exchange([], shutWrite: true).isEmpty)
        #expect(handled.requests == ["poll"])
        #expect(eventually { server.connectionCount == 0 })
    }

    /// The connection's deadline does not run while the daemon makes the answer: on a clock the
    /// test moves, five deadlines pass between the request and the reply, and the reply arrives.
    @Test func anAnswerSlowerToMakeThanTheDeadlineStillReachesTheClient() throws {
        let clock = ManualWakeUpClock()
        let asked = DispatchSemaphore(value: 0)
        let held = Mutex<(@Sendable (ControlResponse) -> Void)?>(nil)
        let server = ControlServer(
            path: path, limits: .init(connectionSeconds: 1), isPrivileged: { _ in true }, wakeUps: clock
        ) { _, reply in
            held.withLock { $0 = reply }
            asked.signal()
        }
        try server.start()
        defer { server.stop() }
        let answered = Mutex<String?>(nil)
        let done = DispatchSemaphore(value: 0)
        let path = self.path
        DispatchQueue.global().async {
            let message = try? ControlClient.send(ControlRequest(.status), to: path, timeout: .seconds(60)).get().message
            answered.withLock { $0 = message }
            done.signal()
        }
        try #require(asked.wait(timeout: .now() + 60) == .success)
        // Had the deadline stayed armed, this would close the connection before the reply.
        clock.advance(by: 5)
        let reply = try #require(held.withLock { $0 })
        reply(ControlResponse(message: "late"))
        #expect(done.wait(timeout: .now() + 60) == .success)
        #expect(answered.withLock { $0 } == "late")
        // Once the answer is out the deadline runs again: one more second closes the connection.
        clock.advance(by: 1)
        #expect(eventually { server.connectionCount == 0 })
    }

    @Test func aClientThatNeverReadsALargeAnswerBlocksNobodyAndGoesAtTheDeadline() throws {
        let big = String(repeating: "x", count: 4 << 20)
        let clock = ManualWakeUpClock()
        let server = ControlServer(
            path: path, limits: .init(connectionSeconds: 1), isPrivileged: { _ in true }, wakeUps: clock
        ) { request, reply in reply(ControlResponse(message: request.request == "outbox" ? big : "small")) }
        try server.start()
        defer { server.stop() }
        // Asks for 4 MiB and reads none of it: the server's writes fill the socket and wait.
        let stalled = try connect()
        defer { close(stalled) }
        let request = Array("{\"request\":\"outbox\"}\n".utf8)
        _ = request.withUnsafeBytes { send(stalled, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        #expect(try ControlClient.send(ControlRequest(.status), to: path).get().message == "small")
        // Still there while the clock stands: only the deadline ends it.
        #expect(server.connectionCount == 1)
        // At the deadline the server closes the stalled connection by itself, its answer cut
        // short: what is left to read is what the socket's buffers held, then the end.
        clock.advance(by: 1)
        #expect(eventually { server.connectionCount == 0 })
        UnixSocket.setTimeouts(stalled, seconds: 60)
        var received = 0
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(stalled, $0.baseAddress, $0.count, 0) }
            if count <= 0 {
                #expect(count == 0, "closed by the server, not by the guard timeout")
                break
            }
            received += count
        }
        #expect(received < big.utf8.count)
    }

    @Test func tellsAClientOverTheConnectionLimitThatItIsBusy() throws {
        let (server, _) = try serve(limits: .init(connections: 2, connectionSeconds: 30))
        defer { server.stop() }
        let first = try connect()
        let second = try connect()
        defer {
            close(first)
            close(second)
        }
        // Accepted once the server has seen both.
        try #require(eventually { server.connectionCount == 2 })
        let response = try ControlClient.send(ControlRequest(.status), to: path).get()
        #expect(response.isBusy)
        #expect(response.error == "busy: 2 connections in use, as many as breezed serves at once; try again")
    }

    /// A daemon whose queue of connections stays full is busy, not absent: the connect gives
    /// up with EAGAIN at the timeout.
    @Test func aQueueOfConnectionsThatStaysFullIsBusyNotAbsent() throws {
        // A listener that never accepts, its queue full with one connection.
        let listener = try UnixSocket.make(path, nonBlocking: false)
        defer { close(listener) }
        try UnixSocket.bind(listener, to: path)
        try #require(listen(listener, 0) == 0)
        let queued = try connect()
        defer { close(queued) }
        switch ControlClient.send(ControlRequest(.poll), to: path, timeout: .milliseconds(300)) {
        case .success: Issue.record("answered without a server that accepts")
        case .failure(let error):
            #expect(error.meansBusy && !error.meansNotRunning)
            #expect(error.reason == "busy: no connection taken in time; try again")
        }
    }

    @Test func replacesAStaleSocketButNotALiveOne() throws {
        // A socket file nobody listens on, as a killed daemon leaves.
        let stale = try UnixSocket.make(path, nonBlocking: false)
        try UnixSocket.bind(stale, to: path)
        close(stale)
        let (server, _) = try serve()
        defer { server.stop() }
        let second = ControlServer(path: path) { _, reply in reply(ControlResponse()) }
        #expect(throws: FileError.self) { try second.start() }
        #expect(try ControlClient.send(ControlRequest(.status), to: path).get().ok)
    }

    @Test func aClientFindsNothingListeningAsNotRunning() {
        switch ControlClient.send(ControlRequest(.status), to: path) {
        case .success: Issue.record("answered without a server")
        case .failure(let error): #expect(error.meansNotRunning)
        }
    }

    @Test func refusesASocketPathLongerThanAnAddressHolds() {
        let long = "/" + String(repeating: "a", count: 200)
        #expect(throws: FileError.self) { try ControlServer(path: long) { _, _ in }.start() }
    }

    func connect() throws -> Int32 {
        let descriptor = try UnixSocket.make(path, nonBlocking: false)
        try UnixSocket.connect(descriptor, to: path)
        return descriptor
    }

    /// Sends raw bytes (then, with `shutWrite`, shuts the sending side) and reads everything
    /// until the server closes.
    func exchange(_ bytes: [UInt8], shutWrite: Bool = false) throws -> String {
        let descriptor = try connect()
        defer { close(descriptor) }
        UnixSocket.setTimeouts(descriptor, seconds: 60)
        _ = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        if shutWrite { shutdown(descriptor, Int32(SHUT_WR)) }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            received += buffer[0..<count]
        }
        return String(decoding: received, as: UTF8.self)
    }
}

/// The requests a handler saw, from any thread.
final class Handled: @unchecked Sendable {
    private let lock = NSLock()
    private var seen: [String] = []
    func add(_ request: String) { lock.withLock { seen.append(request) } }
    var requests: [String] { lock.withLock { seen } }
}

/// The line format: the state inside a response is the state file's own document.
struct ControlLineTests {
    @Test func aResponsesStateIsTheStateFilesDocumentAndReadsBackWhole() throws {
        var state = DaemonState()
        state.lastCycleCompletedAt = Instant(unixSeconds: 1_700_000_000.25)
        state.pollInterval = .seconds(900)
        var record = CityRecord(city: City(name: "東京\n\"quoted\"", latitude: 35.6762, longitude: 139.6503))
        record.lastError = "bad\u{1B}[2J"
        record.lastPollAt = Instant(unixSeconds: 1_700_000_000)
        state.cities[record.city.name] = record
        var response = ControlResponse(message: "ok")
        response.state = state
        response.requeued = 2
        let line = try ControlLine.encode(response)
        #expect(line.last == UInt8(ascii: "\n"))
        #expect(line.dropLast().firstIndex(of: UInt8(ascii: "\n")) == nil, "one line, whatever the names hold")
        let document = try StateDocument.encode(state)
        let tail = Array(#","state":"#.utf8) + document + [UInt8(ascii: "}")]
        #expect(Array(line.dropLast().suffix(tail.count)) == tail)
        let back = try ControlLine.decodeResponse(Array(line.dropLast()))
        #expect(back.state == state)
        #expect(back.requeued == 2 && back.message == "ok" && back.ok)
        // Without a state, no member.
        let plain = try ControlLine.encode(ControlResponse.failure("nope"))
        #expect(!String(decoding: plain, as: UTF8.self).contains("state"))
        #expect(try ControlLine.decodeResponse(Array(plain.dropLast())).state == nil)
    }
}
