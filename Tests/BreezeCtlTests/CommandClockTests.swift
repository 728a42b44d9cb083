import BreezeCommandLine
import Foundation
import Synchronization
import BreezeVocabulary
import Testing

@testable import BreezeCtl

/// breezectl reads the time from the context's clock (`CommandContext.clock`), so ages and
/// stamps follow the clock a test sets.
struct CommandClockTests {
    /// What the console printed.
    final class Output: Sendable {
        let lines = Mutex<[String]>([])
        var text: String { lines.withLock { $0.joined() } }
    }

    /// A context whose console lines are collected and whose clock says `wall`.
    func context(wall: Double, output: Output) -> CommandContext {
        let folder = FileManager.default.temporaryDirectory.path
        return CommandContext(
            console: Console(
                writeOutput: { line in output.lines.withLock { $0.append(line) } }, writeError: { _ in }, colours: false),
            environment: ["BREEZE_CONTROL_SOCKET": folder + "/breeze-no-daemon-\(UUID().uuidString).socket"],
            clock: { .init(monotonic: 5, wall: Instant(unixSeconds: wall)) })
    }

    @Test func statusCountsTheLastCycleAgeFromTheInjectedClock() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-clock-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try #"{"cities":{},"lastCycleCompletedAt":1787234400,"pollIntervalSeconds":900,"version":1}"#
            .write(toFile: folder + "/state.json", atomically: true, encoding: .utf8)
        try "[Breeze]\nStateDirectory=\(folder)\n".write(toFile: folder + "/breeze.conf", atomically: true, encoding: .utf8)
        for (wall, age) in [(1_787_234_700.0, "(5min ago)"), (1_787_241_600.0, "(2h ago)")] {
            let output = Output()
            _ = StatusCommand.run(["--config", folder + "/breeze.conf"], context: context(wall: wall, output: output))
            let text = output.text
            #expect(text.contains("Last poll cycle completed"))
            #expect(text.contains(age))
        }
    }

    @Test func theTestAlertEventIsStampedWithTheTimeGiven() {
        let event = TestAlertEvent.make(configuration: .init(), now: 1_787_238_000)
        #expect(event.createdAt.unixSeconds == 1_787_238_000)
        #expect(event.observedAt.text == "2026-08-20T15:00")
    }
}
