import BreezeCommandLine
import BreezeVocabulary
import Foundation
import Synchronization
import Testing

/// A terminal that keeps everything written on it, `width` columns wide, and the console's
/// two streams beside it in one log, in the order they were written.
final class RecordedTerminal: Sendable {
    private let log = Mutex<[(stream: String, text: String)]>([])
    let width: Int?

    init(width: Int? = 80) { self.width = width }

    var terminal: ProgressTerminal {
        ProgressTerminal(write: { text in self.log.withLock { $0.append(("terminal", text)) } }, width: { self.width })
    }

    /// A console whose standard error is `terminal`.
    var console: Console {
        Console(
            writeOutput: { text in self.log.withLock { $0.append(("output", text)) } },
            writeError: { text in self.log.withLock { $0.append(("error", text)) } },
            colours: false, progressTerminal: terminal)
    }

    var entries: [(stream: String, text: String)] { log.withLock { $0 } }

    /// Everything written on the terminal.
    var written: String { entries.filter { $0.stream == "terminal" }.map(\.text).joined() }

    /// The lines drawn, in order.
    var drawn: [String] {
        written.components(separatedBy: ProgressTerminal.eraseLine).filter { !$0.isEmpty }
    }
}

/// A monotonic clock the test moves.
final class SteppedClock: Sendable {
    private let seconds = Mutex(1000.0)

    func advance(_ step: Double) { seconds.withLock { $0 += step } }

    var reading: @Sendable () -> ClockReading {
        { ClockReading(monotonic: self.seconds.withLock { $0 }, wall: Instant(unixSeconds: 0)) }
    }
}

struct ProgressReporterTests {
    @Test func theLineCountsCitiesRequestsAndTime() {
        let recorded = RecordedTerminal()
        let clock = SteppedClock()
        let progress = ProgressReporter.start(.cities("backtest", total: 1000, counted: "replayed"), on: recorded.terminal, clock: clock.reading)
        #expect(recorded.written == "\r\u{1B}[Kbacktest: 0 of 1000 cities replayed · 0 requests · 0.0 s")
        clock.advance(12.34)
        progress.requestSent()
        #expect(recorded.drawn.last == "backtest: 0 of 1000 cities replayed · 1 request · 12.3 s")
        clock.advance(0.3)
        progress.done("Zürich")
        #expect(recorded.drawn.last == "backtest: 1 of 1000 cities replayed · 1 request · 12.6 s · Zürich")
        clock.advance(60)
        progress.requestSent()
        #expect(recorded.drawn.last == "backtest: 1 of 1000 cities replayed · 2 requests · 1 min 12 s · Zürich")
    }

    @Test func aLookUpNamesItsQuery() {
        let recorded = RecordedTerminal()
        let clock = SteppedClock()
        let progress = ProgressReporter.start(.lookUp("search", query: "Paris"), on: recorded.terminal, clock: clock.reading)
        clock.advance(2.35)
        progress.requestSent()
        #expect(recorded.drawn == [
            "search: looking up 'Paris' with Open-Meteo · 0 requests · 0.0 s",
            "search: looking up 'Paris' with Open-Meteo · 1 request · 2.3 s",
        ])
    }

    /// Events come faster than a person reads: one drawing per 0.2 s at most, the counts kept
    /// in between, and the next due drawing (a tick, with no event) shows them all.
    @Test func redrawsAtMostFiveTimesASecond() {
        let recorded = RecordedTerminal()
        let clock = SteppedClock()
        let progress = ProgressReporter.start(.cities("now", total: 100), on: recorded.terminal, clock: clock.reading)
        for index in 1...50 {
            clock.advance(0.001)
            progress.done("City \(index)")
            progress.requestSent()
        }
        #expect(recorded.drawn.count == 1)
        progress.tick()
        #expect(recorded.drawn.count == 1)
        clock.advance(0.16)
        progress.tick()
        #expect(recorded.drawn == ["now: 0 of 100 cities fetched · 0 requests · 0.0 s", "now: 50 of 100 cities fetched · 50 requests · 0.2 s · City 50"])
        clock.advance(0.1)
        progress.tick()
        #expect(recorded.drawn.count == 2)
        clock.advance(0.15)
        progress.tick()
        #expect(recorded.drawn.last == "now: 50 of 100 cities fetched · 50 requests · 0.4 s · City 50")
    }

    @Test func finishErasesTheLineForGood() {
        let recorded = RecordedTerminal()
        let clock = SteppedClock()
        let progress = ProgressReporter.start(.cities("backtest", total: 2, counted: "replayed"), on: recorded.terminal, clock: clock.reading)
        progress.finish()
        #expect(recorded.written == "\r\u{1B}[Kbacktest: 0 of 2 cities replayed · 0 requests · 0.0 s\r\u{1B}[K")
        clock.advance(5)
        progress.done("Paris")
        progress.tick()
        progress.finish()
        #expect(recorded.written.hasSuffix("0.0 s\r\u{1B}[K"))
        #expect(recorded.drawn.count == 1)
    }

    /// The console erases the line before each of its writes, on either stream, so a result
    /// or a message never starts in the middle of it; the next due drawing puts it back.
    @Test func theConsoleClearsTheLineBeforeItWrites() {
        let recorded = RecordedTerminal()
        let clock = SteppedClock()
        let console = recorded.console
        let progress = ProgressReporter.start(.cities("now", total: 3), on: console.progressTerminal, clock: clock.reading)
        console.printError("breezectl now: Paris: timed out")
        console.printError("breezectl now: Lyon: timed out")
        clock.advance(1)
        progress.done("Nice")
        progress.finish()
        console.print("result")
        #expect(recorded.entries.map { "\($0.stream): \($0.text)" } == [
            "terminal: \r\u{1B}[Know: 0 of 3 cities fetched · 0 requests · 0.0 s",
            "terminal: \r\u{1B}[K",
            "error: breezectl now: Paris: timed out\n",
            "error: breezectl now: Lyon: timed out\n",
            "terminal: \r\u{1B}[Know: 1 of 3 cities fetched · 0 requests · 1.0 s · Nice",
            "terminal: \r\u{1B}[K",
            "output: result\n",
        ])
    }

    /// Not a terminal, `TERM=dumb`, or no terminal given (`--quiet`): nothing at all.
    @Test func silentWithoutATerminal() {
        #expect(ProgressTerminal.shows(standardErrorIsTerminal: true, environment: ["TERM": "xterm-256color"]))
        #expect(ProgressTerminal.shows(standardErrorIsTerminal: true, environment: [:]))
        #expect(!ProgressTerminal.shows(standardErrorIsTerminal: true, environment: ["TERM": "dumb"]))
        #expect(!ProgressTerminal.shows(standardErrorIsTerminal: false, environment: ["TERM": "xterm"]))
        // `--quiet`: the console's terminal is not handed to the reporter.
        let recorded = RecordedTerminal()
        let console = recorded.console
        let progress = ProgressReporter.start(.cities("backtest", total: 2, counted: "replayed"), on: nil, clock: SteppedClock().reading)
        progress.requestSent()
        progress.done("Paris")
        progress.finish()
        ProgressReporter.silent.done("Paris")
        console.print("result")
        #expect(recorded.entries.map { "\($0.stream): \($0.text)" } == ["output: result\n"])
    }

    /// A name from outside is escaped like every text on a terminal and cut, by columns (東京
    /// takes two each), so the line never wraps: the counts stay whole, the name gives way.
    @Test func namesAreEscapedAndCutToTheWidth() throws {
        let recorded = RecordedTerminal(width: 60)
        let progress = ProgressReporter.start(.cities("backtest", total: 1000, counted: "replayed"), on: recorded.terminal, clock: SteppedClock().reading)
        progress.finish()
        let hostile = "東京\u{1B}]0;owned\u{7}\r\u{202E}" + String(repeating: "東", count: 200)
        let line = ProgressText.line(
            .cities("backtest", total: 1000, counted: "replayed"), .init(done: 5, requests: 1, latest: hostile), elapsed: 3, columns: 99)
        #expect(line.hasPrefix("backtest: 5 of 1000 cities replayed · 1 request · 3.0 s · 東京\\x1B]0;owned\\x07\\r\\u{202E}東"))
        #expect(line.hasSuffix("…"))
        #expect(TerminalWidth.columns(line) <= 99 && TerminalWidth.columns(line) >= 98)
        #expect(!line.unicodeScalars.contains { $0.value < 0x20 || $0 == "\u{202E}" })
        let query = ProgressText.line(.lookUp("add", query: String(repeating: "x", count: 300)), .init(), elapsed: 0, columns: 59)
        #expect(query == "add: looking up '" + String(repeating: "x", count: 3) + "…' with Open-Meteo · 0 requests · 0.0 s")
        // A terminal narrower than the counts: the line itself is cut.
        let narrow = ProgressText.line(.cities("backtest", total: 1000, counted: "replayed"), .init(latest: "Paris"), elapsed: 0, columns: 20)
        #expect(narrow == "backtest: 0 of 1000…")
        #expect(recorded.terminal.columns == 59)
        #expect(RecordedTerminal(width: nil).terminal.columns == 79)
        #expect(RecordedTerminal(width: 0).terminal.columns == 79)
    }

    @Test(arguments: [
        (0.0, "0.0 s"), (0.04, "0.0 s"), (2.35, "2.3 s"), (59.99, "59.9 s"), (60, "1 min 0 s"), (125.5, "2 min 5 s"),
        (3725, "1 h 2 min"), (-3, "0.0 s"), (.nan, "0.0 s"), (.infinity, "0.0 s"), (1e300, "277777 h 46 min"),
    ])
    func elapsedTime(seconds: Double, text: String) {
        #expect(ProgressText.elapsed(seconds) == text)
    }
}
