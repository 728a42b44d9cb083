import BreezeAlerts
@testable import BreezeDelivery
import BreezeModel
import BreezeState
import BreezeVocabulary
@testable import BreezeWeb
import Foundation
import Testing

/// One clock for people: a city's card shows its times in the city's zone, as its messages
/// do, whatever the machine's zone; and its pollutants as its messages rate them.
@Suite struct CityClockTests {
    /// 2026-12-01 13:00 UTC: 14:00 CET in Paris.
    static let observed = Instant(unixSeconds: 1_796_130_000)

    /// Paris (`TimeZone=Europe/Paris`) firing since the reading that put it in its band.
    static func paris() -> (WebCity, AlertEvent) {
        let city = City(name: "Paris", latitude: 48.85, longitude: 2.35, timeZone: "Europe/Paris")
        var record = CityRecord(city: city)
        record.lastReading = Reading(
            time: ObservationTime(observed), usAQI: 57, concentrations: [.pm2_5: 5, .no2: 20], subIndices: [.pm2_5: 57])
        record.alerting = AlertingAQI(
            source: .nowcast, aqi: 120, dominantPollutant: .pm2_5, openMeteoAQI: 57, averages: [.pm2_5: 43.6, .no2: 20])
        record.band = .unhealthyForSensitiveGroups
        record.bandSince = observed
        record.alert.firing = true
        record.alert.episodeStartedAt = observed
        record.lastPollAt = observed + .seconds(420)
        var event = AlertEvent(
            id: "e", kind: .firing, city: city, aqi: 120, band: .unhealthyForSensitiveGroups, previousBand: nil,
            dominantPollutant: .pm2_5, concentrations: [.pm2_5: 5, .no2: 20], pollutantsOverLimit: [],
            observedAt: ObservationTime(observed), createdAt: observed + .seconds(420), aqiSource: .nowcast)
        event.averages = [.pm2_5: 43.6, .no2: 20]
        return (WebCity(name: "Paris", slug: "paris", record: record, zone: city.zone), event)
    }

    @Test func aParisCardAndItsMessageShowTheSameCETTime() throws {
        let (city, event) = Self.paris()
        // The page's own zone pinned far from Paris: the card still speaks Paris's time.
        let context = DashboardContext(
            snapshot: DashboardFixtures.snapshot(cities: [city]), zone: TimeText.zone("America/New_York"))
        var html = HTMLWriter()
        AQICard.write(city, linked: false, context: context, into: &html)
        let card = html.text
        let message = AlertText(event, now: event.createdAt, receiverTimeZone: "America/New_York")
        #expect(message.observed == "14:00 CET")
        #expect(card.contains("<dd>" + message.observed + "</dd>"), "\(card)")
        #expect(!card.contains("UTC") && !card.contains("EST"))
    }

    @Test func firingSinceAndInBandSinceAreTheSameInstant() throws {
        let (city, _) = Self.paris()
        let context = DashboardContext(snapshot: DashboardFixtures.snapshot(cities: [city]), zone: TimeText.zone("Etc/UTC"))
        var html = HTMLWriter()
        AQICard.write(city, linked: false, context: context, into: &html)
        #expect(html.text.contains("Unhealthy for Sensitive Groups since 14:00 CET"))
        #expect(html.text.contains("firing since 14:00 CET"))
    }

    @Test func theGridRatesWhatTheMessageRates() throws {
        let (city, event) = Self.paris()
        var html = HTMLWriter()
        PollutantGrid.write(city, into: &html)
        let grid = html.text
        // 43.6 µg/m³ NowCast is Unhealthy for Sensitive Groups; the hour's 5 is shown after it,
        // never called Unhealthy for Sensitive Groups (nor Good beside a message saying otherwise).
        #expect(grid.contains("43.6 <span class=\"unit\">µg/m³ NowCast</span>"), "\(grid)")
        #expect(grid.contains("<span class=\"status\">Unhealthy for Sensitive Groups</span><span class=\"hour\">this hour 5.0</span>"))
        let line = try #require(AlertData.pollutantRows(event).first).line
        #expect(line == "PM2.5: 43.6 µg/m³ NowCast — Unhealthy for Sensitive Groups (this hour 5)")
        // NO₂'s alerting value is its hour: no "this hour", no method.
        #expect(grid.contains("20.0 <span class=\"unit\">µg/m³</span>"))
    }

    @Test func forecastDaysAreNamedInTheCitysZone() throws {
        // 2026-12-01 23:30 UTC: already Wednesday 2 December in Tokyo.
        var snapshot = DashboardFixtures.snapshot(cities: [])
        snapshot.takenAt = Instant(unixSeconds: 1_796_167_800)
        let context = DashboardContext(snapshot: snapshot, zone: TimeText.zone("Etc/UTC"))
        var html = HTMLWriter()
        CityPage.writeForecast(
            [ForecastDayAQI(day: "2026-12-02", aqi: 40), ForecastDayAQI(day: "2026-12-03", aqi: 45)],
            zone: TimeText.zone("Asia/Tokyo"), context: context, into: &html)
        #expect(html.text.contains("<span>Today</span>") && html.text.contains("<span>Tomorrow</span>"), "\(html.text)")
        var utc = HTMLWriter()
        CityPage.writeForecast(
            [ForecastDayAQI(day: "2026-12-02", aqi: 40)], zone: TimeText.zone("Etc/UTC"), context: context, into: &utc)
        #expect(utc.text.contains("<span>Tomorrow</span>"))
    }
}
