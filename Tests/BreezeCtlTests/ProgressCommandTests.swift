import BreezeCommandLine
import BreezeConfig
import BreezeOpenMeteo
import BreezeVocabulary
import Foundation
import Synchronization
import Testing

@testable import BreezeCtl

/// The status line as the commands feed it: from the requests they send and the cities whose
/// answers they read, never into standard output.
struct ProgressCommandTests {
    /// A terminal that keeps what is drawn on it, and a clock that moves 0.3 s at each reading
    /// (every event is due: the line is drawn at each).
    final class Screen: Sendable {
        private let written = Mutex("")
        private let seconds = Mutex(0.0)

        var terminal: ProgressTerminal {
            ProgressTerminal(write: { text in self.written.withLock { $0 += text } }, width: { 100 })
        }

        var clock: @Sendable () -> ClockReading {
            {
                ClockReading(monotonic: self.seconds.withLock { $0 += 0.3; return $0 }, wall: Instant(unixSeconds: 0))
            }
        }

        var text: String { written.withLock { $0 } }

        var drawn: [String] { text.components(separatedBy: ProgressTerminal.eraseLine).filter { !$0.isEmpty } }
    }

    static func cities(_ count: Int) throws -> Configuration {
        var text = "[Breeze]\nPollInterval=1h\n"
        for index in 0..<count { text += "[City \"C\(index)\"]\nLatitude=\(Double(index) / 10)\nLongitude=\(Double(index) / 10)\n" }
        return try ConfigurationLoader.load(text: text).configuration
    }

    /// 250 cities asked for 92 days: three requests of 100, 100 and 50 (a day of hours in each
    /// answer, to replay quickly); each city counted as it is replayed, batch by batch, and the result the
    /// same bytes as without a terminal.
    @Test func backtestCountsCitiesAsTheyAreReplayed() throws {
        let configuration = try Self.cities(250)
        let subjects = configuration.cities.map { BacktestHistory.subject($0, in: configuration) }
        let start = Instant(unixSeconds: 1_785_542_400)
        let transport = HistoryTransport(start: start, hours: 24, aqi: { $0 % 50 == 0 ? 160 : 40 })
        let access = OpenMeteoAccess(
            endpoints: OpenMeteoEndpoints(apiURL: "http://127.0.0.1:1"), transport: transport, timeout: .seconds(5))
        let screen = Screen()
        let shown = Printed()
        let progress = ProgressReporter.start(.cities("backtest", total: 250, counted: "replayed"), on: screen.terminal, clock: screen.clock)
        let status = BacktestCommand.backtest(
            subjects, days: 92, sources: [.openMeteo], json: true, access: access, now: start + .seconds(86_400),
            console: shown.console, progress: progress)
        #expect(status == .success)
        let drawn = screen.drawn
        #expect(drawn.first == "backtest: 0 of 250 cities replayed · 0 requests · 0.3 s")
        #expect(drawn.contains { $0.hasPrefix("backtest: 0 of 250 cities replayed · 1 request · ") })
        #expect(drawn.contains { $0.hasPrefix("backtest: 100 of 250 cities replayed · ") && $0.hasSuffix(" · C99") })
        #expect(drawn.last?.hasPrefix("backtest: 250 of 250 cities replayed · 3 requests · ") == true)
        #expect(drawn.last?.hasSuffix(" · C249") == true)
        // Counted up one city at a time, never past the total.
        let counts = drawn.compactMap { Int($0.split(separator: " ")[1]) }
        #expect(counts == counts.sorted() && counts.last == 250 && Set(counts).count == 251)
        #expect(screen.text.hasSuffix("C249" + ProgressTerminal.eraseLine))

        let plain = Printed()
        #expect(
            BacktestCommand.backtest(
                subjects, days: 92, sources: [.openMeteo], json: true, access: access, now: start + .seconds(86_400),
                console: plain.console) == .success)
        #expect(plain.text == shown.text && !shown.text.isEmpty)
        #expect(shown.errorText.isEmpty)
    }

    /// `--quiet` is an option of each command with long work, and of no other.
    @Test func quietIsAcceptedByTheCommandsWithLongWork() {
        for command in ["backtest", "now", "search", "add"] {
            let printed = Printed()
            _ = Breezectl.run([command, "--quiet", "--help"], context: CommandContext(console: printed.console, environment: [:]))
            #expect(printed.errorText.isEmpty, "\(command): \(printed.errorText)")
            #expect(printed.text.contains("--quiet"), "\(command)")
        }
        let printed = Printed()
        #expect(Breezectl.run(["status", "--quiet"], context: CommandContext(console: printed.console, environment: [:])) == .usage)
    }
}
