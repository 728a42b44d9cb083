import BreezeBacktest
import BreezeCommandLine
import BreezeConfig
import BreezeHTTP
import BreezeOpenMeteo
import BreezeVocabulary
import Foundation
import Testing

@testable import BreezeCtl

/// `breezectl backtest --report PATH`: the page beside the usual output, which it leaves as it
/// was; written whole or not at all, and a path that cannot be written named before the fetch.
struct BacktestReportFileTests {
    static let start = Instant(unixSeconds: 1_785_542_400)

    static func access(_ transport: HistoryTransport) -> OpenMeteoAccess {
        OpenMeteoAccess(endpoints: OpenMeteoEndpoints(apiURL: "http://127.0.0.1:1"), transport: transport, timeout: .seconds(5))
    }

    static func subjects(_ text: String = BacktestCommandTests.configuration) throws -> [BacktestCity] {
        let configuration = try ConfigurationLoader.load(text: text).configuration
        return configuration.cities.map { BacktestHistory.subject($0, in: configuration) }
    }

    @Test func thePageComesBesideAnUnchangedOutput() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/report.html"
        let transport = HistoryTransport(start: Self.start, hours: 48, aqi: { (10..<16).contains($0) ? 160 : ($0 == 30 ? nil : 40) })
        for json in [false, true] {
            let plain = Printed()
            let withReport = Printed()
            let now = Self.start + .seconds(40 * 3600 + 120)
            #expect(BacktestCommand.backtest(try Self.subjects(), days: 2, sources: BacktestSource.allCases, json: json, access: Self.access(transport), now: now, console: plain.console) == .success)
            #expect(BacktestCommand.backtest(try Self.subjects(), days: 2, sources: BacktestSource.allCases, json: json, report: path, access: Self.access(transport), now: now, console: withReport.console) == .success)
            #expect(withReport.text == plain.text && withReport.errorText == plain.errorText)
            let page = try String(contentsOfFile: path, encoding: .utf8)
            // No temporary file is left beside it.
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["report.html"])
            guard !json else { continue }
            // The page says what the text says: each summary line, each episode's row.
            let lines = plain.text.split(separator: "\n").map(String.init)
            for line in lines where line.hasPrefix("  ") {
                let cells = line.split(separator: "  ", omittingEmptySubsequences: true).map { $0.trimmingCharacters(in: .whitespaces) }
                for cell in cells where !cell.isEmpty {
                    #expect(page.contains(cell.replacingOccurrences(of: "'", with: "&#39;")), "\(cell)")
                }
            }
            #expect(page.contains("Paris by nowcast: 2 days and today") && page.contains("Berlin by open-meteo: 2 days and today"))
            #expect(page.contains("Paris, nowcast beside open-meteo: 1 pair of overlapping episodes"))
        }
    }

    @Test func aPathThatCannotBeWrittenIsNamedBeforeTheFetch() throws {
        let transport = HistoryTransport(start: Self.start, hours: 24, aqi: { _ in 40 })
        let printed = Printed()
        let path = "/nonexistent-folder-\(UUID().uuidString)/report.html"
        let status = BacktestCommand.backtest(
            try Self.subjects(), days: 1, json: false, report: path, access: Self.access(transport), now: Self.start + .seconds(86_400),
            console: printed.console)
        #expect(status == .cannotCreate)
        #expect(printed.errorText == "breezectl backtest: cannot write the report \(path): No such file or directory\n")
        #expect(transport.requests.all.isEmpty && printed.text.isEmpty)
        #expect(BacktestCommand.exitStatuses.contains { $0.code == .cannotCreate })
    }

    /// A folder in its place: the fetch and the output happen, the write fails, naming the path.
    @Test func aFailedWriteIsReportedAfterTheOutput() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/taken"
        try FileManager.default.createDirectory(atPath: path + "/inside", withIntermediateDirectories: true)
        let transport = HistoryTransport(start: Self.start, hours: 24, aqi: { _ in 40 })
        let printed = Printed()
        let status = BacktestCommand.backtest(
            try Self.subjects(), days: 1, json: true, report: path, access: Self.access(transport), now: Self.start + .seconds(86_400),
            console: printed.console)
        #expect(status == .cannotCreate)
        #expect(printed.errorText.hasPrefix("breezectl backtest: cannot write the report \(path): "), "\(printed.errorText)")
        #expect(try JSONSerialization.jsonObject(with: Data(printed.text.utf8)) is [Any])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["taken"])
    }

    /// Many cities × 92 days, both sources, an AQI that changes every hour: the page's size
    /// (printed, for the record) stays within what a browser opens. 100 cities, unless
    /// BREEZE_REPORT_CITIES says how many (1000 for the figure in the report).
    @Test func manyCitiesMakeAPageThatOpens() throws {
        let cities = ProcessInfo.processInfo.environment["BREEZE_REPORT_CITIES"].flatMap { Int($0) } ?? 100
        var text = "[Breeze]\nPollInterval=1h\n[Alert]\nThreshold=101\n"
        for index in 0..<cities { text += "[City \"C\(index)\"]\nLatitude=\(Double(index) / 20)\nLongitude=\(Double(index) / 20)\n" }
        let transport = HistoryTransport(
            start: Self.start, hours: 93 * 24,
            aqi: { hour in hour % 97 == 0 ? nil : 40 + (hour * 7919) % 61 + ((hour / 200) % 3 == 0 ? 90 : 0) })
        let folder = try TemporaryFolder()
        let path = folder.path + "/report.html"
        let printed = Printed()
        let clock = ContinuousClock()
        var status = ExitCode.software
        let elapsed = clock.measure {
            status = (try? BacktestCommand.backtest(
                Self.subjects(text), days: 92, sources: BacktestSource.allCases, json: true, report: path,
                access: Self.access(transport), now: Self.start + .seconds(93 * 86_400), console: printed.console)) ?? .software
        }
        #expect(status == .success, "\(printed.errorText)")
        let page = try String(contentsOfFile: path, encoding: .utf8)
        let size = page.utf8.count
        print("backtest --report: \(cities) cities × 92 days × 2 sources: \(size) bytes, the command \(elapsed) in all")
        // An AQI that changes every hour, the worst case: 48 KB a city (both sources) at most.
        #expect(size < cities * 48 << 10)
        #expect(page.components(separatedBy: "<section class=\"card backtest\"").count == cities + 1)
        #expect(page.components(separatedBy: "<figure class=\"chart backtest-chart\">").count == 2 * cities + 1)
    }
}
