import BreezeCommandLine
import BreezeTestSupport
import Foundation
import Synchronization
import Testing

@testable import BreezeControlSocket
@testable import BreezeCtl

#if canImport(Glibc)
import Glibc
#endif

/// `poll`, `reload` and `outbox retry` against a real control socket with no connection free:
/// a temporary failure (75), not a usage error.
struct DaemonRequestBusyTests {
    /// What the console printed on each stream.
    final class Output: Sendable {
        let standard = Mutex<String>("")
        let error = Mutex<String>("")
    }

    func context(socket: String, output: Output) -> CommandContext {
        CommandContext(
            console: Console(
                writeOutput: { line in output.standard.withLock { $0 += line } },
                writeError: { line in output.error.withLock { $0 += line } }, colours: false),
            environment: ["BREEZE_CONTROL_SOCKET": socket])
    }

    @Test func aBusyDaemonIsATemporaryFailure() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-busy-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let socket = folder + "/control"
        // Deadlines on a clock nobody moves: the held connections stay.
        let server = ControlServer(
            path: socket, limits: .init(connections: 2), isPrivileged: { _ in true }, wakeUps: ManualWakeUpClock()
        ) { request, reply in
            var response = ControlResponse(message: "done: \(request.request)")
            if request.kind == .retry { response.requeued = 0 }
            reply(response)
        }
        try server.start()
        defer { server.stop() }
        let held = try (0..<2).map { _ in
            let descriptor = try UnixSocket.make(socket, nonBlocking: false)
            try UnixSocket.connect(descriptor, to: socket)
            return descriptor
        }
        try #require(eventually { server.connectionCount == 2 })
        let runs: [(String, (CommandContext) -> ExitCode)] = [
            ("poll", { PollCommand.run([], context: $0) }),
            ("reload", { ReloadCommand.run([], context: $0) }),
            ("outbox retry", { OutboxCommand.run(["retry"], context: $0) }),
        ]
        for (name, run) in runs {
            let output = Output()
            #expect(run(context(socket: socket, output: output)) == .temporaryFailure, "\(name)")
            #expect(
                output.error.withLock { $0 }
                    == "breezectl \(name): busy: 2 connections in use, as many as breezed serves at once; try again\n")
        }
        held.forEach { close($0) }
        try #require(eventually { server.connectionCount == 0 })
        let output = Output()
        #expect(PollCommand.run([], context: context(socket: socket, output: output)) == .success)
        #expect(output.standard.withLock { $0 } == "done: poll\n")
    }
}
