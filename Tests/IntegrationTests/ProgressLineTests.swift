import BreezeTestSupport
import Foundation
import Testing

/// The status line of long work as a person sees it: the real `breezectl` with its standard
/// error on a pseudo-terminal (`Tests/Fixtures/pty_stderr.py`, 100 columns), against the fixture
/// server. Standard output always goes to a file: its bytes are compared with a run without a
/// terminal, and must be the same.
final class ProgressLineTests {
    let server: OpenMeteoServer

    init() throws {
        server = try OpenMeteoServer()
    }

    deinit { server.stop() }

    /// What one run left.
    struct Run {
        var status: Int32
        var output: Data
        var error: Data

        var errorText: String { String(decoding: error, as: UTF8.self) }

        /// The lines drawn on the terminal, in order.
        var drawn: [String] {
            errorText.components(separatedBy: "\r\u{1B}[K").filter { !$0.isEmpty }
        }
    }

    /// Runs `breezectl arguments` with its standard error on a terminal (or, without
    /// `terminal`, on a file), `TERM` as given.
    func run(_ arguments: [String], terminal: Bool, term: String = "xterm-256color") throws -> Run {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-pty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("stdout").path
        let error = folder.appendingPathComponent("stderr").path
        let result = try Binaries.run(
            URL(fileURLWithPath: "/usr/bin/python3"),
            [Binaries.fixture("pty_stderr.py").path, "--columns", "100", "--stdout", output, "--stderr", error]
                + (terminal ? [] : ["--no-terminal"]) + ["--", Binaries.breezectl.path] + arguments,
            environment: ["TERM": term])
        #expect(result.standardError.isEmpty, "\(result.standardError)")
        return Run(
            status: result.status, output: try Data(contentsOf: URL(fileURLWithPath: output)),
            error: try Data(contentsOf: URL(fileURLWithPath: error)))
    }

    /// Every line drawn fits the terminal's 100 columns (99, the cursor never reaching the
    /// last), is one row, and is erased at the end; nothing else is on the terminal.
    func expectOnlyStatusLines(_ run: Run, _ prefix: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(run.error.starts(with: Array("\r\u{1B}[K\(prefix)".utf8)), "\(run.errorText)", sourceLocation: sourceLocation)
        #expect(run.errorText.hasSuffix("\r\u{1B}[K"), "\(run.errorText)", sourceLocation: sourceLocation)
        for line in run.drawn {
            #expect(line.hasPrefix(prefix) && line.unicodeScalars.count <= 99, "\(line)", sourceLocation: sourceLocation)
            #expect(!line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }, "\(line)", sourceLocation: sourceLocation)
        }
    }

    /// 101 cities of 92 days: two requests (100 locations each at most), the first answered a
    /// second late. The line shows that request in flight and its time moving, then the cities
    /// replayed one by one, each named (escaped: every name here would retitle the window);
    /// standard output is the same JSON as without a terminal, and without one standard error
    /// is empty.
    @Test func backtestShowsCitiesReplayedAndRequests() throws {
        let cities = (1...101).map { ("C\($0) \\u{1B}]0;owned\\u{7}", Double($0) / 10, Double($0) / 10) }
        let config = try server.configuration(cities: cities, extra: "PollInterval=1h\n")
        let arguments = ["backtest", "--days", "92", "--source", "open-meteo", "--json", "--config", config]
        let plain = try run(arguments, terminal: false)
        #expect(plain.status == 0, "\(plain.errorText)")
        #expect(plain.error.isEmpty, "\(plain.errorText)")
        try server.control("faults", #"{"faults": [{"path": "/v1/air-quality", "kind": "delay", "seconds": 1}]}"#)
        let shown = try run(arguments, terminal: true)
        #expect(shown.status == 0, "\(shown.errorText)")
        #expect(shown.output == plain.output && !plain.output.isEmpty)
        expectOnlyStatusLines(shown, "backtest: ")
        let drawn = shown.drawn
        #expect(drawn.first?.hasPrefix("backtest: 0 of 101 cities replayed · 0 requests · 0.") == true, "\(drawn)")
        // The first request in flight, its time moving while it waits.
        #expect(
            drawn.contains { $0.hasPrefix("backtest: 0 of 101 cities replayed · 1 request · ") && Self.elapsed($0) >= 0.5 },
            "\(drawn)")
        // Cities counted as they are replayed, the count never going back, the Nth named.
        let counts = drawn.compactMap { Int($0.split(separator: " ")[1]) }
        #expect(counts == counts.sorted(), "\(drawn)")
        #expect(
            drawn.contains { line in
                let count = Int(line.split(separator: " ")[1]) ?? 0
                return (1..<101).contains(count) && line.hasSuffix(#" · C\#(count) \x1B]0;owned\x07"#)
            }, "\(drawn)")
    }

    /// The seconds a line says have elapsed: its "12.3 s" part (0 when it has none).
    static func elapsed(_ line: String) -> Double {
        let parts = line.components(separatedBy: " · ")
        return parts.lazy.compactMap { $0.hasSuffix(" s") ? Double($0.dropLast(2)) : nil }.first ?? 0
    }

    /// `now` on a terminal: the table on standard output is the same bytes; `--quiet`, or
    /// `TERM=dumb`, and the terminal stays empty.
    @Test func nowShowsCitiesAndQuietOrDumbShowsNothing() throws {
        let config = try server.configuration(cities: [DaemonTests.paris, ("Lyon", 45.76, 4.84)])
        let plain = try run(["now", "--config", config], terminal: false)
        let shown = try run(["now", "--config", config], terminal: true)
        #expect(plain.status == 0 && shown.status == 0, "\(shown.errorText)")
        #expect(shown.output == plain.output && !plain.output.isEmpty)
        #expect(plain.error.isEmpty, "\(plain.errorText)")
        expectOnlyStatusLines(shown, "now: ")
        #expect(shown.drawn.first?.hasPrefix("now: 0 of 2 cities fetched · 0 requests · ") == true, "\(shown.drawn)")

        let quiet = try run(["now", "--quiet", "--json", "--config", config], terminal: true)
        #expect(quiet.status == 0 && quiet.error.isEmpty, "\(quiet.errorText)")
        let dumb = try run(["now", "--json", "--config", config], terminal: true, term: "dumb")
        #expect(dumb.status == 0 && dumb.error.isEmpty, "\(dumb.errorText)")
        #expect(quiet.output == dumb.output && !quiet.output.isEmpty)
    }

    /// `search` against a geocoder that answers after 1.5 s: its one request in flight and the
    /// time moving; then the same JSON as without a terminal. `--quiet`: nothing.
    @Test func searchShowsItsRequestInFlight() throws {
        let config = try server.configuration(cities: [])
        let plain = try run(["search", "Berlin", "--json", "--config", config], terminal: false)
        try server.control("faults", #"{"faults": [{"path": "/v1/search", "kind": "delay", "seconds": 1.5}]}"#)
        let shown = try run(["search", "Berlin", "--json", "--config", config], terminal: true)
        #expect(plain.status == 0 && shown.status == 0, "\(shown.errorText)")
        #expect(shown.output == plain.output && !plain.output.isEmpty)
        expectOnlyStatusLines(shown, "search: looking up 'Berlin' with Open-Meteo · ")
        #expect(shown.drawn.contains { $0.contains(" · 1 request · ") && Self.elapsed($0) >= 1 }, "\(shown.drawn)")

        try server.control("faults", #"{"faults": [{"path": "/v1/search", "kind": "delay", "seconds": 0.5}]}"#)
        let quiet = try run(["search", "Berlin", "--quiet", "--json", "--config", config], terminal: true)
        #expect(quiet.status == 0 && quiet.error.isEmpty, "\(quiet.errorText)")
        #expect(quiet.output == plain.output)
    }

    /// `add` on a terminal: its look-up's line, erased before the message that follows it on
    /// standard error, which so starts on a clean row; the result on standard output.
    @Test func addErasesItsLineBeforeItsMessages() throws {
        let config = try server.configuration(cities: [])
        let shown = try run(["add", "Paris", "--pick", "2", "--name", "Paris TX", "--config", config], terminal: true)
        #expect(shown.status == 0, "\(shown.errorText)")
        #expect(String(decoding: shown.output, as: UTF8.self).hasPrefix("added Paris TX"))
        let text = shown.errorText
        #expect(text.hasPrefix("\r\u{1B}[Kadd: looking up 'Paris' with Open-Meteo · 0 requests · "), "\(text)")
        let message = try #require(text.range(of: "taking 2. Paris, Texas, United States"), "\(text)")
        #expect(text[..<message.lowerBound].hasSuffix("\r\u{1B}[K"), "\(text)")
        #expect(text.hasSuffix("(use --pick N)\n"), "\(text)")
    }
}
