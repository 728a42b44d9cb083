import BreezeTestSupport
import Foundation
import Testing

/// `breezectl backtest --report` run for real against the fixture server's 92-day history, its
/// page rendered by headless Chromium: the episodes read back from the rendered DOM are the
/// `--json` report's, and the page runs nothing and fetches nothing.
@Suite(.enabled(if: HeadlessChromium.path != nil, "chromium is not installed (Debian package chromium)"))
struct BacktestReportBrowserTests {

    @Test func theRenderedEpisodesAreTheJSONReports() throws {
        let server = try OpenMeteoServer(arguments: ["--scenario", Fixtures.path("scenarios/history-92-days.json").path])
        defer { server.stop() }
        let hostile = "東京 <script>alert(1)</script>"
        // Escapes of the configuration's quoted names: a terminal's erase and a right-to-left override.
        let controls = "Ev\u{1B}[2J\u{202E}il"
        let configuration = try server.configuration(
            cities: [DaemonTests.paris, (hostile, 35.6762, 139.6503), (#"Ev\u{1B}[2J\u{202E}il"#, 52.52, 13.41)],
            extra: "PollInterval=15min\n[Alert]\nThreshold=101\n")
        let folder = URL(fileURLWithPath: configuration).deletingLastPathComponent().path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let report = folder + "/report.html"
        let result = try Binaries.run(
            Binaries.breezectl, ["backtest", "--source", "both", "--json", "--report", report, "--config", configuration])
        #expect(result.status == 0, "\(result.standardError)")
        let cities = try #require(JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]])
        #expect(cities.map { $0["city"] as? String } == ["Paris", hostile, controls])

        let page = try String(contentsOfFile: report, encoding: .utf8)
        for word in ["<script", "http://", "https://", "src=", "href="] { #expect(!page.contains(word), "\(word)") }
        // The one reference: the band gradient, a fragment of the page itself.
        #expect(page.components(separatedBy: "url(").dropFirst().allSatisfy { $0.hasPrefix("#aqi-bands)") })
        let chromium = try #require(HeadlessChromium.path)
        let rendered = try Processes.run(
            URL(fileURLWithPath: chromium),
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
                "--disable-background-networking", "--user-data-dir=" + folder + "/chromium", "--dump-dom",
                URL(fileURLWithPath: report).absoluteString,
            ])
        #expect(rendered.status == 0, "\(rendered.standardError.suffix(400))")
        let dom = folder + "/dom.html"
        try Data(rendered.standardOutput.utf8).write(to: URL(fileURLWithPath: dom))
        let read = try Processes.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", Fixtures.path("backtest_report_dom.py").path, dom])
        let document = try #require(JSONSerialization.jsonObject(with: Data(read.standardOutput.utf8)) as? [String: Any], "\(read.standardError)")
        #expect(document["errors"] as? [String] == [])
        let drawn = try #require(document["cities"] as? [[String: Any]])
        // The control character is U+FFFD in the page (HTMLWriter), the override kept (in its `<bdi>`).
        #expect(drawn.map { $0["city"] as? String } == ["Paris", hostile, "Ev\u{FFFD}[2J\u{202E}il"])
        var episodes = 0
        for (city, shown) in zip(cities, drawn) {
            let sources = try #require(city["sources"] as? [[String: Any]])
            let shownSources = try #require(shown["sources"] as? [String: [[String: Any]]])
            #expect(Set(shownSources.keys) == ["nowcast", "open-meteo"])
            for source in sources {
                let name = try #require(source["source"] as? String)
                let expected = try #require(source["episodes"] as? [[String: Any]]).map { episode in
                    [
                        episode["firedAt"] as? String, episode["resolvedAt"] as? String ?? source["until"] as? String,
                        (episode["stillFiring"] as? Bool).map { "\($0)" }, (episode["peakAQI"] as? Int).map { "\($0)" },
                        episode["peakBand"] as? String,
                    ]
                }
                let read = (shownSources[name] ?? []).map { episode in
                    [
                        episode["start"] as? String, episode["end"] as? String, (episode["stillFiring"] as? Bool).map { "\($0)" },
                        (episode["peak"] as? Int).map { "\($0)" }, episode["band"] as? String,
                    ]
                }
                #expect(read == expected, "\(name)")
                episodes += read.count
            }
        }
        // The scenario's smoke, ozone afternoons, sensitive days and flapping: episodes by both sources.
        #expect(episodes >= 8, "\(episodes)")
    }
}

/// Debian's Chromium, when installed.
enum HeadlessChromium {
    static let path = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }
}
