import BreezeTestSupport
import Foundation
import Testing

@testable import BreezeControlSocket

#if canImport(Glibc)
import Glibc
#endif

/// Ordinary users flooding the control socket on a real Unix socket, as other uids (through
/// setpriv), against the server's default limits and its default idea of who is privileged
/// (root, the tests' own user): root is still answered.
@Suite(.enabled(if: getuid() == 0, "setpriv --reuid needs root"))
struct ControlFairnessTests {
    let folder: String

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-fair-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // The other users must reach the socket inside.
        chmod(folder, 0o755)
    }

    var path: String { folder + "/control" }

    @Test func ordinaryUsersFillingEveryConnectionTheyMayTakeLeaveRootItsOwn() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Deadlines on a clock nobody moves: the held connections stay as long as the test needs.
        let clock = ManualWakeUpClock()
        let handled = Handled()
        let server = ControlServer(path: path, wakeUps: clock) { request, reply in
            handled.add(request.request)
            reply(ControlResponse(message: "handled \(request.request)"))
        }
        try server.start()
        defer { server.stop() }
        let limits = ControlServer.Limits()
        try #require(limits.connections == 16 && limits.reservedForPrivileged == 4 && limits.connectionsPerUser == 4)
        let status = #"{"request":"status"}"#

        // nobody takes its 4; a fifth is refused, for nobody alone.
        let nobody = try OtherUserClient.Held(4, as: 65534, at: path)
        defer { nobody.release() }
        try #require(eventually { server.connectionCount == 4 })
        #expect(
            try OtherUserClient.ask(status, as: 65534, at: path)
                .contains("busy: uid 65534 holds 4 connections, as many as one user may; try again"))
        #expect(try OtherUserClient.ask(status, as: 65531, at: path).contains("handled status"))

        // Two more users take theirs: the 12 connections open to everyone are taken.
        let others = try [65533, 65532].map { try OtherUserClient.Held(4, as: uid_t($0), at: path) }
        defer { others.forEach { $0.release() } }
        try #require(eventually { server.connectionCount == 12 })
        #expect(
            try OtherUserClient.ask(status, as: 65531, at: path).contains(
                "busy: 12 connections in use by ordinary users, as many as they may share (4 are kept for root and breezed's own user); try again"))

        // A fourth user floods too: each of its connections is refused at once.
        let fourth = try OtherUserClient.Held(4, as: 65531, at: path)
        defer { fourth.release() }

        // Root is answered, privileged requests included (accepted after the fourth user's
        // connections, which came first).
        #expect(try ControlClient.send(ControlRequest(.poll), to: path).get().message == "handled poll")
        #expect(try ControlClient.send(ControlRequest(.reload), to: path).get().message == "handled reload")
        #expect(try ControlClient.send(ControlRequest(.retry), to: path).get().message == "handled retry")

        // Root itself may take the kept 4; past those, root too is told busy.
        let rootHeld = try (0..<4).map { _ in try connect() }
        try #require(eventually { server.connectionCount == 16 })
        let full = try ControlClient.send(ControlRequest(.poll), to: path).get()
        #expect(full.isBusy && full.error == "busy: 16 connections in use, as many as breezed serves at once; try again")
        rootHeld.forEach { close($0) }
        try #require(eventually { server.connectionCount == 12 })
        #expect(try ControlClient.send(ControlRequest(.poll), to: path).get().message == "handled poll")

        // A user who lets go frees its connections for everyone.
        nobody.release()
        try #require(eventually { server.connectionCount == 8 })
        #expect(try OtherUserClient.ask(status, as: 65531, at: path).contains("handled status"))
        #expect(handled.requests.filter { $0 == "poll" }.count == 2)
        #expect(handled.requests.filter { $0 == "status" }.count == 2)
    }

    func connect() throws -> Int32 {
        let descriptor = try UnixSocket.make(path, nonBlocking: false)
        try UnixSocket.connect(descriptor, to: path)
        return descriptor
    }
}
