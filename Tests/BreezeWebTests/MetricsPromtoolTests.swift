import BreezeWeb
import Foundation
import Testing

/// Prometheus's own linter on what `/metrics` renders (Debian `prometheus` ships `promtool`;
/// the test packages install it).
@Suite struct MetricsPromtoolTests {
    static let promtool = "/usr/bin/promtool"

    /// promtool's exit status and what it printed for `text` on its standard input.
    private func check(_ text: [UInt8]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.promtool)
        process.arguments = ["check", "metrics"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        try process.run()
        // Written from another thread: a large text would fill the pipe before promtool answers.
        let writer = Thread { input.fileHandleForWriting.write(Data(text)); try? input.fileHandleForWriting.close() }
        writer.start()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: printed, as: UTF8.self))
    }

    @Test(arguments: ["two cities", "hostile", "sensors", "empty"])
    func promtoolFindsNothingToComplainAbout(_ name: String) throws {
        let snapshot = switch name {
        case "two cities": MetricsSnapshots.twoCities
        case "hostile": MetricsSnapshots.hostile
        case "sensors": MetricsSnapshots.sensors
        default: MetricsSnapshots.snapshot([])
        }
        let result = try check(MetricsPage.render(snapshot))
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.isEmpty, "\(result.output)")
    }

    /// The check can fail: a text with a broken label and a counter without `_total` is refused.
    @Test func promtoolRefusesABrokenText() throws {
        let broken = "# HELP breeze_x x\n# TYPE breeze_x counter\nbreeze_x{city=\"a\nb\"} 1\n"
        #expect(try check(Array(broken.utf8)).status != 0)
        let unlinted = "# HELP breeze_requests x\n# TYPE breeze_requests counter\nbreeze_requests 1\n"
        let result = try check(Array(unlinted.utf8))
        #expect(result.output.contains("counter metrics should have \"_total\" suffix"), "\(result.output)")
    }
}
