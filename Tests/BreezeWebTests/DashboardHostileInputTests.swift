import BreezeModel
import BreezeState
import BreezeVocabulary
@testable import BreezeWeb
import Foundation
import Testing

/// Names and numbers from outside: printed as text, never as markup, never "nan", never a trap.
@Suite struct DashboardHostileInputTests {
    @Test func escapingLeavesNoMarkupAndNoControlCharacters() {
        #expect(HTMLWriter.escape("<a href='x'>\"&\"</a>") == "&lt;a href=&#39;x&#39;&gt;&quot;&amp;&quot;&lt;/a&gt;")
        #expect(HTMLWriter.escape("a\u{0}b\u{7}c\u{1B}d\u{7F}e\u{85}f\tg\nh") == "a\u{FFFD}b\u{FFFD}c\u{FFFD}d\u{FFFD}e\u{FFFD}f\tg\nh")
        #expect(HTMLWriter.escape("東京 São") == "東京 São")
    }

    @Test func hostileNamesAreTextOnBothPages() throws {
        let cities = DashboardFixtures.hostileNames.map { DashboardFixtures.city($0, aqi: 160, firing: true) }
        let snapshot = DashboardFixtures.snapshot(cities: cities)
        for path in ["/"] + cities.map({ "/city/" + $0.slug }) {
            let page = WebRoutes.page(path: path, snapshot: snapshot)
            #expect(page.status == 200)
            let body = String(decoding: page.body, as: UTF8.self)
            #expect(!body.lowercased().contains("<script"))
            #expect(!body.contains("<img"))
            #expect(!body.contains("\u{0}") && !body.contains("\u{1B}"))
            let result = try PageChecker.check(page)
            #expect(result.errors == [], "\(path)")
            let expected = path == "/" ? cities : cities.filter { path.hasSuffix($0.slug) }
            #expect(result.cards.map { $0["data-city"] } == expected.map { HTMLWriter.escape($0.name).replacingEntities() })
            for card in result.cards { #expect(card["data-aqi"] == "160") }
        }
    }

    @Test func hostileNumbersNeverPrintNanOrInfinity() throws {
        let values: [Double] = [.nan, .infinity, -.infinity, 1e300, -1e300, -5, 0, -0.0]
        var cities: [WebCity] = []
        for (index, value) in values.enumerated() {
            var city = DashboardFixtures.city(
                "City \(index)", aqi: 90, concentrations: Dictionary(uniqueKeysWithValues: Pollutant.allCases.map { ($0, value) }))
            city.pollen = Dictionary(uniqueKeysWithValues: PollenType.allCases.map { ($0, value) })
            city.uvIndex = value
            city.climate = [
                ClimateTrendPoint(year: 1980, temperatureMaximum: value, differenceFromFirstYear: value),
                ClimateTrendPoint(year: 2020, temperatureMaximum: 10, differenceFromFirstYear: value),
            ]
            city.history = [HourlyAQI(hour: Instant(unixSeconds: value), aqi: 50), HourlyAQI(hour: DashboardFixtures.now, aqi: Int.min)]
            city.record?.lastPollAt = Instant(unixSeconds: value)
            city.record?.bandSince = Instant(unixSeconds: value)
            city.record?.alert.firing = true
            city.record?.alert.episodeStartedAt = Instant(unixSeconds: value)
            city.forecast = [ForecastDayAQI(day: "2026-12-02", aqi: Int.max), ForecastDayAQI(day: "2026-12-03", aqi: -3)]
            cities.append(city)
        }
        var outOfScale = DashboardFixtures.city("Off the scale", aqi: 9000)
        outOfScale.record?.alerting?.aqi = 9000
        cities.append(outOfScale)
        var snapshot = DashboardFixtures.snapshot(cities: cities, interval: Duration(seconds: Double.nan))
        snapshot.state.lastCycleCompletedAt = Instant(unixSeconds: .nan)
        snapshot.nextPollAt = Instant(unixSeconds: 1e300)
        for path in ["/"] + cities.map({ "/city/" + $0.slug }) {
            let page = WebRoutes.page(path: path, snapshot: snapshot)
            let result = try PageChecker.check(page)
            #expect(result.errors == [], "\(path)")
            let text = result.text.lowercased()
            for word in ["nan", "inf", "infinity", "e+300", "e-", "1e300"] {
                let found = text.ranges(of: try Regex("\\b" + word + "\\b")).map { String(text[$0.lowerBound...].prefix(40)) }
                #expect(found == [], "\(path) prints \(word)")
            }
            let body = String(decoding: page.body, as: UTF8.self)
            #expect(!body.contains("e+") && !body.contains("=\"nan") && !body.contains("inf\""))
        }
        let text = try PageChecker.check(WebRoutes.page(path: "/city/" + cities[3].slug, snapshot: snapshot)).text
        #expect(text.contains("over 10 million"))
        #expect(try PageChecker.check(WebRoutes.page(path: "/", snapshot: snapshot)).cards.last?["text"]?.contains("off the AQI scale") == true)
    }

    @Test(arguments: [
        (0.0, 0, "0"), (-0.0, 1, "0.0"), (1.25, 1, "1.3"), (-1.24, 1, "−1.2"), (9.96, 1, "10.0"), (1234.5, 0, "1235"),
        (0.04, 1, "0.0"), (12.345, 2, "12.35"), (9_999_999, 0, "9999999"),
    ] as [(Double, Int, String)])
    func numbersRound(value: Double, digits: Int, text: String) {
        #expect(WebNumber.text(value, digits: digits) == text)
    }

    @Test func coordinatesAreFiniteAndBounded() {
        #expect(WebNumber.coordinate(.nan) == "-10000")
        #expect(WebNumber.coordinate(1e300) == "10000")
        #expect(WebNumber.coordinate(-0.004) == "0")
        #expect(WebNumber.coordinate(12.5) == "12.5")
        #expect(WebNumber.coordinate(3.07) == "3.07")
        #expect(WebNumber.signed(0.04) == "0.0")
        #expect(WebNumber.signed(2.5) == "+2.5")
    }
}

extension String {
    /// What a parser reads back from escaped text (the entities `HTMLWriter.escape` writes).
    func replacingEntities() -> String {
        replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
