import BreezeAlerts
import BreezeBacktest
import BreezeDelivery
import BreezeModel
import BreezeOpenMeteo
import BreezeState
import BreezeVocabulary
import Foundation
import Testing

@testable import BreezeCtl
import BreezeOutboxValues

/// Every `breezectl … --json` names a city by one key, `city` (its configured name): a script
/// reading one command's output reads another's the same way.
struct JSONCityKeyTests {
    static let paris = City(name: "Paris", country: "France", latitude: 48.8566, longitude: 2.3522, timeZone: "Europe/Paris")

    /// The `city` of each object `text` holds (an array, or `cities`/`pending` of an object).
    static func cityNames(_ text: String, under key: String? = nil) throws -> [String?] {
        let value = try JSONSerialization.jsonObject(with: Data(text.utf8))
        let objects = try #require(key.map { ((value as? [String: Any])?[$0]) } ?? value) as? [[String: Any]]
        return try #require(objects).map { $0["city"] as? String }
    }

    @Test func nowStatusOutboxSearchAndBacktestAllSayCity() throws {
        let failure = FetchError.badRequest(reason: "no")
        #expect(try Self.cityNames(NowReport.json([NowRow(city: Self.paris, outcome: .failure(failure))]).text) == ["Paris"])

        let day = NowForecast.Day(
            city: Self.paris, day: LocalDay(year: 2026, month: 12, day: 2), threshold: 101,
            outcome: .beyondTheForecastHorizon, name: "Tomorrow")
        #expect(try Self.cityNames(NowForecast.json([day]).text) == ["Paris"])

        var state = DaemonState()
        state.cities["Paris"] = CityRecord(city: Self.paris)
        let status = StatusReport(state: state, configuredCities: ["Paris"], configuredInterval: 900, now: 0)
        #expect(try Self.cityNames(status.json().text, under: "cities") == ["Paris"])

        let event = AlertEvent(
            id: "x", kind: .firing, city: Self.paris, aqi: 120, band: .unhealthyForSensitiveGroups, previousBand: nil,
            dominantPollutant: nil, concentrations: [:], pollutantsOverLimit: [], observedAt: "", createdAt: 0)
        let outbox = OutboxReport(
            pending: [OutboxEntry(event: event, receiver: "ops", sequence: 1, createdAt: 0)], dead: [], unreadable: [],
            source: "", sourceJSON: .null, now: 0)
        #expect(try Self.cityNames(outbox.json().text, under: "pending") == ["Paris"])

        #expect(try Self.cityNames(SearchOutput.json([GeocodedPlace(city: Self.paris)]).text) == ["Paris"])

        let subject = BacktestCity(city: Self.paris, rule: AlertRule(threshold: 101), pollInterval: .seconds(900), receivers: [])
        let backtest = BacktestOutcome(subject: subject, days: 1, result: .failure(failure), notes: [], now: 0)
        #expect(try Self.cityNames(BacktestReport.json([backtest]).text) == ["Paris"])
    }

    @Test func statusShowsCategoryNamesAsMessagesDoAndTimesInTheCitysZone() throws {
        var record = CityRecord(city: Self.paris)
        record.band = .unhealthyForSensitiveGroups
        // 2026-12-01 13:00 UTC: 14:00 CET.
        record.bandSince = Instant(unixSeconds: 1_796_130_000)
        record.lastPollAt = Instant(unixSeconds: 1_796_130_420)
        var state = DaemonState()
        state.cities["Paris"] = record
        let report = StatusReport(
            state: state, configuredCities: ["Paris"], configuredInterval: 900, now: Instant(unixSeconds: 1_796_131_000))
        let text = report.lines(colours: false).joined(separator: "\n")
        #expect(text.contains("Unhealthy for Sensitive Groups"), "\(text)")
        #expect(!text.contains("Unhealthy (sensitive)"))
        #expect(text.contains("14:00 CET") && text.contains("14:07 CET"), "\(text)")
        #expect(NowPresentation.bandText(.unhealthyForSensitiveGroups) == "😷 Unhealthy for Sensitive Groups")
    }
}
