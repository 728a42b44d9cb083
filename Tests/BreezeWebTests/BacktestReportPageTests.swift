import BreezeAlerts
import BreezeBacktest
import BreezeModel
import BreezeTestSupport
import BreezeVocabulary
@testable import BreezeWeb
import Foundation
import Testing

/// `breezectl backtest --report`'s page, rendered from real replays: each episode readable
/// back from its data attributes, gaps drawn as gaps, both sources one above the other, hostile
/// names and numbers harmless, nothing run or fetched.
struct BacktestReportPageTests {
    /// 2026-08-01 00:00 UTC.
    static let origin = Instant(unixSeconds: 1_785_542_400)
    static let rule = AlertRule(threshold: 101, hysteresis: 10, confirmAfter: 2)

    /// A replay of `aqi` hour by hour from `origin` (nil: the hour is absent), polled every 15 minutes.
    static func replay(_ aqi: [Double?], city: City = City(name: "Paris", latitude: 48.85, longitude: 2.35), source: BacktestSource = .openMeteo) -> SourceBacktest {
        let history = aqi.enumerated().compactMap { index, value in
            value.map { HistoryHour(start: origin + .seconds(index * 3600), aqi: $0) }
        }
        let subject = BacktestCity(city: city, rule: rule, pollInterval: .seconds(900), receivers: [])
        // The span is the whole list's, absent hours at either end included.
        return Backtest.replay(history, for: subject, source: source, span: HistorySpan(start: origin, hours: aqi.count))
    }

    static func page(_ cities: [BacktestReportCity]) -> String {
        String(decoding: BacktestReportPage.render(cities, days: 2, version: "0.1.0", now: origin + .seconds(49 * 3600)), as: UTF8.self)
    }

    static func city(_ replays: [SourceBacktest], name: String = "Paris") -> BacktestReportCity {
        BacktestReportCity(
            city: City(name: name, latitude: 48.85, longitude: 2.35, timeZone: "Europe/Paris"), rule: rule,
            replays: replays.map { BacktestReportReplay(replay: $0, summary: ["\($0.source) summary"], headings: [], rows: []) })
    }

    /// The `data-*` attributes of every element whose class starts with `kind`, in order.
    static func elements(_ kind: String, in page: String) throws -> [[String: String]] {
        let element = try Regex(#"<rect class=""# + kind + #"[^>]*>"#)
        let attribute = try Regex(#"(data-[a-z-]+)="([^"]*)""#)
        return page.matches(of: element).map { match in
            var attributes: [String: String] = [:]
            for found in String(page[match.range]).matches(of: attribute) {
                attributes[String(found.output[1].substring ?? "")] = String(found.output[2].substring ?? "")
            }
            return attributes
        }
    }

    @Test func eachEpisodeCarriesItsTimesPeakAndSource() throws {
        // Two breaches: hours 5–9 at 180 (Unhealthy), then from hour 30 at 240 until the end.
        let aqi: [Double?] = (0..<48).map { hour in (5..<10).contains(hour) ? 180 : hour >= 30 ? 240 : 40 }
        let replay = Self.replay(aqi)
        try #require(replay.result.episodes.count == 2)
        let page = Self.page([Self.city([replay])])
        #expect(try PageChecker.check(WebResponse(status: 200, contentType: "text/html", body: Array(page.utf8))).errors == [])
        let episodes = try Self.elements("episode", in: page)
        #expect(episodes.count == 2)
        for (drawn, episode) in zip(episodes, replay.result.episodes) {
            #expect(drawn["data-source"] == "open-meteo")
            #expect(drawn["data-start"] == TimeText.rfc3339(episode.firedAt))
            #expect(drawn["data-end"] == TimeText.rfc3339(episode.endedAt))
            #expect(drawn["data-peak"] == episode.peakAQI.map { String($0) })
            #expect(drawn["data-band"] == episode.peakBand?.slug)
            #expect(drawn["data-still-firing"] == (episode.isStillFiring ? "true" : "false"))
        }
        #expect(episodes.map { $0["data-band"] } == ["unhealthy", "very-unhealthy"])
        #expect(episodes.last?["data-still-firing"] == "true")
        // Its title names the times in the city's clock (CEST), the first one resolved.
        #expect(page.contains("<title>Fired Sat 1 Aug 07:15 CEST, resolved Sat 1 Aug 12:15 CEST; peak 180 Unhealthy</title>"), "\(page)")
        #expect(page.contains("still firing at the end; peak 240 Very Unhealthy</title>"))
        // The rule's two levels.
        #expect(page.contains(">Threshold 101</text>") && page.contains(">clears ≤ 90</text>"))
    }

    /// A missing hour breaks the line and is shaded: never drawn as an AQI of 0.
    @Test func missingHoursAreGapsNotZeros() throws {
        #expect(BacktestChart.path([40, 40, nil, nil, 45]) == "M0 -40h2M4 -45h1")
        #expect(BacktestChart.path([40, 60, 60, 30]) == "M0 -40h1v-20h2v30h1")
        #expect(BacktestChart.path([nil, nil]).isEmpty)
        let aqi: [Double?] = [40, 42, nil, nil, nil, 44, .nan, 1e300, -5, 45, 46, nil]
        let replay = Self.replay(aqi)
        #expect(Array(replay.result.judgedAQI) == [40, 42, nil, nil, nil, 44, nil, nil, nil, 45, 46, nil])
        let page = Self.page([Self.city([replay])])
        let gaps = try Self.elements("gap", in: page)
        #expect(gaps.map { $0["data-hours"] } == ["3", "3", "1"])
        #expect(gaps.first?["data-from"] == TimeText.rfc3339(Self.origin + .seconds(2 * 3600)))
        #expect(page.contains(#"d="M0 -40h1v-2h1M5 -44h1M9 -45h1v-1h1""#))
        #expect(page.contains("5 hours without an AQI") == false && page.contains("7 hours without an AQI"))
        for word in ["nan", "NaN", "inf", "e+"] { #expect(!page.contains(word), "\(word)") }
    }

    @Test func bothSourcesAreOneAboveTheOther() throws {
        var aqi: [Double?] = Array(repeating: 40, count: 48)
        for hour in 10..<20 { aqi[hour] = 170 }
        var sooner = aqi
        sooner[12] = 290
        let nowcast = Self.replay(sooner, source: .nowcast)
        let openMeteo = Self.replay(aqi, source: .openMeteo)
        var city = Self.city([nowcast, openMeteo])
        city.comparison = BacktestReportComparison(
            summary: "Paris, nowcast beside open-meteo: 1 pair of overlapping episodes, 0 only by nowcast, 0 only by open-meteo",
            headings: ["NOWCAST FIRED", "OPEN-METEO FIRED", "FIRED", "RESOLVED"], rows: [["Sat 1 Aug 12:15 CEST", "Sat 1 Aug 12:15 CEST", "at the same poll", "at the same poll"]])
        let page = Self.page([city])
        let sections = page.matches(of: try Regex(#"<section class="replay" data-source="([a-z-]+)">"#)).map { String($0.output[1].substring ?? "") }
        #expect(sections == ["nowcast", "open-meteo"])
        #expect(try Self.elements("episode", in: page).map { $0["data-source"] } == ["nowcast", "open-meteo"])
        #expect(page.components(separatedBy: "<figure class=\"chart backtest-chart\">").count == 3)
        #expect(page.contains("<li>nowcast summary</li>") && page.contains("<li>open-meteo summary</li>"))
        // One scale for both, the higher one's.
        #expect(page.components(separatedBy: #"viewBox="0 -300 48 300""#).count == 3)
        #expect(page.contains("1 pair of overlapping episodes"))
        #expect(page.contains("<th scope=\"col\">OPEN-METEO FIRED</th>") && page.contains("<td>at the same poll</td>"))
    }

    @Test(arguments: HostileName.all)
    func aHostileNameIsTextInItsOwnIsolate(_ row: HostileName) throws {
        let city = City(name: row.name, latitude: 1, longitude: 2)
        let replay = Self.replay(Array(repeating: 200, count: 6), city: city)
        var reportCity = Self.city([replay], name: row.name)
        reportCity.city = city
        let page = Self.page([reportCity])
        #expect(try PageChecker.check(WebResponse(status: 200, contentType: "text/html", body: Array(page.utf8))).errors == [])
        #expect(page.contains("<h2><bdi>" + HTMLWriter.escape(row.name) + "</bdi></h2>"))
        #expect(!page.contains("<script"))
        // Elsewhere (the chart's title, the section's label) as plain text shows it: escaped.
        #expect(page.contains("<title>" + HTMLWriter.escape(row.visible) + " by open-meteo: US AQI hour by hour"))
        let outside = try HostileNamePageTests.outsideIsolates(page)
        #expect(!outside.unicodeScalars.contains { VisibleText.isUnsafe($0) && $0 != "\n" })
    }

    /// One file that needs nothing else: no script, nothing fetched, the policy said in the page.
    @Test func thePageIsSelfContained() throws {
        let page = Self.page([Self.city([Self.replay([40, 200, 200, 200, 40])])])
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        #expect(page.contains(#"<meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;; style-src &#39;unsafe-inline&#39;; img-src data:">"#))
        for word in ["<script", "http:", "https:", "src=", "href=", "<link", "<img"] { #expect(!page.contains(word), "\(word)") }
        // The one reference: the band gradient, a fragment of the page itself.
        #expect(page.components(separatedBy: "url(").dropFirst().allSatisfy { $0.hasPrefix("#aqi-bands)") })
        #expect(page.contains(#"<linearGradient id="aqi-bands""#))
        #expect(!page.contains("http-equiv=\"refresh\""))
    }
}
