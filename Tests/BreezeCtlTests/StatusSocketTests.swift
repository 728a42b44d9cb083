import BreezeCommandLine
import BreezeState
import BreezeTestSupport
import BreezeVocabulary
import Foundation
import Synchronization
import Testing

@testable import BreezeControlSocket
@testable import BreezeCtl

/// `breezectl status` finds the daemon by the configuration's `ControlSocket=` without loading
/// the configuration (`ControlSocketSetting`), and loads it only when it must fall back.
struct StatusSocketTests {
    final class Output: Sendable {
        let standard = Mutex<String>("")
        let error = Mutex<String>("")
    }

    func context(_ output: Output) -> CommandContext {
        CommandContext(
            console: Console(
                writeOutput: { line in output.standard.withLock { $0 += line } },
                writeError: { line in output.error.withLock { $0 += line } }, colours: false),
            environment: [:], clock: { .init(monotonic: 5, wall: Instant(unixSeconds: 1_800_000_000)) })
    }

    /// A main file naming one socket, a drop-in naming the one the daemon listens on, and a
    /// broken city line (and a 東京 drop-in) that the full load would refuse.
    func folder() throws -> (folder: String, config: String, socket: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-socket-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/breezed.conf.d", withIntermediateDirectories: true)
        let config = folder + "/breezed.conf"
        let socket = folder + "/control"
        try "[Breeze]\nControlSocket=\(folder)/not-this\nStateDirectory=\(folder)/state\n[City \"Paris\"]\nLatitude=north\nLongitude=2.35\n"
            .write(toFile: config, atomically: false, encoding: .utf8)
        try "[Breeze]\nControlSocket=\(socket)\n".write(toFile: folder + "/breezed.conf.d/50-socket.conf", atomically: false, encoding: .utf8)
        try "[City \"東京\"]\nLatitude=35.68\nLongitude=139.69\n".write(
            toFile: folder + "/breezed.conf.d/60-tokyo.conf", atomically: false, encoding: .utf8)
        return (folder, config, socket)
    }

    @Test func asksTheSocketADropInNamesThoughACityLineIsBroken() throws {
        let (folder, config, socket) = try folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let server = ControlServer(path: socket, wakeUps: ManualWakeUpClock()) { _, reply in
            var response = ControlResponse()
            response.daemon = DaemonDescription(
                processID: 4242, version: "test", configuration: config, cities: ["東京"], pollIntervalSeconds: 3600,
                nextPollAt: nil, cycleRunning: false)
            response.state = DaemonState()
            reply(response)
        }
        try server.start()
        defer { server.stop() }
        let output = Output()
        #expect(StatusCommand.run(["--config", config], context: context(output)) == .daemonStale)
        let text = output.standard.withLock { $0 }
        #expect(text.hasSuffix("\nFrom breezed (pid 4242) on \(socket)\n"))
        #expect(text.contains("\n東京    —  ") && text.contains("not polled yet"))
        #expect(output.error.withLock { $0 } == "")
    }

    @Test func theBrokenLineIsReportedWhenTheDaemonDoesNotAnswer() throws {
        let (folder, config, socket) = try folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let output = Output()
        #expect(StatusCommand.run(["--config", config], context: context(output)) == .configuration)
        #expect(output.standard.withLock { $0 } == "")
        let lines = output.error.withLock { $0 }.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first?.hasPrefix("breezectl status: breezed does not answer on \(socket): ") == true)
        #expect(lines.contains { $0.hasPrefix("\(config):5: Latitude=north") })
        #expect(lines.dropLast().last == "breezectl status: the configuration has errors")
    }
}
