import BreezeAlerts
import BreezeConfig
@testable import BreezeDaemon
import BreezeModel
import BreezeState
import BreezeVocabulary
import Foundation
import Testing

/// What a digest says about a city, from the state, the last cycle's hourly forecast and the
/// extras: what is known, nothing made up.
struct DigestContentTests {
    static let midnight = DigestScheduleTests.instant("2026-12-01T00:00:00Z")
    static let now = midnight + .seconds(7.5 * 3600)
    static let city = City(name: "Paris", latitude: 48.85, longitude: 2.35, timeZone: "UTC")
    static let watched = WatchedCity(city: city, rule: AlertRule(threshold: 101, hysteresis: 10, confirmAfter: 1))

    /// PM2.5 at 5 µg/m³ from the day before to the day after, 60 from 10:00 to 14:00.
    static func series() -> ForecastSeries {
        let first = midnight - .seconds(24 * 3600)
        let values: [Double?] = (0..<72).map { hour in (34...38).contains(hour) ? 60 : 5 }
        return ForecastSeries(firstHour: first, columns: [.pm2_5: values], currentHour: now)
    }

    static func sources(record: CityRecord? = nil, extras: CityExtras? = nil) throws -> DigestContent.Sources {
        let configuration = try ConfigurationLoader.load(text: "[City \"Paris\"]\nLatitude=48.85\nLongitude=2.35\n").configuration
        var state = DaemonState()
        if let record { state.cities["Paris"] = record }
        return DigestContent.Sources(
            cities: [watched], configuration: configuration, state: state, forecasts: ["Paris": series()],
            extras: extras.map { ["Paris": $0] } ?? [:])
    }

    static let receiver = DigestReceiver(name: "ops", minute: 450, zone: CivilZone.utc, cities: ["Paris"])

    @Test func theForecastPeakWithItsHoursAtThePeaksBand() throws {
        let digest = DigestContent.details(
            for: Self.receiver, day: LocalDay(year: 2026, month: 12, day: 1), from: try Self.sources(), now: Self.now)
        let paris = try #require(digest.cities.first)
        #expect(digest.day == "2026-12-01" && digest.receiver == "ops")
        #expect(paris.forecastPeakBand == .moderate)
        #expect(paris.forecastDominant == .pm2_5)
        #expect(paris.forecastPeakFrom == "10:00")
        let until = try #require(paris.forecastPeakUntil)
        #expect(until > "15:00" && until < "24:00", "\(until)")
        // No reading, no extras: nil, never a made-up value.
        #expect(paris.aqi == nil && paris.pollen == nil && paris.uvMaximum == nil && paris.climate == nil)
        #expect(paris.openAlerts.isEmpty)
        #expect(paris.threshold == 101)
    }

    @Test func openAlertsPollenUVAndTheClimateLine() throws {
        var record = CityRecord(city: Self.city)
        record.band = .unhealthy
        record.alert.firing = true
        record.alert.notifiedBand = .unhealthy
        record.alert.episodeStartedAt = Self.midnight + .seconds(2 * 3600 + 600)
        record.uvAlert = CityAlertState()
        record.uvAlert?.firing = true
        record.pollenAlert = CityAlertState()
        record.forecast = CityForecastState(days: [.init(day: "2026-12-02", announcedBand: .unhealthy, events: 1), .init(day: "2026-11-30", announcedBand: .unhealthy, events: 1)])
        var pollen = PollenReading(time: "2026-12-01T06:00", counts: [.birch: 5, .grass: 200])
        pollen.uvIndexMaximumToday = 4.4
        let climate = ClimateTrendEntry(
            day: "2026-12-01", latitude: 48.85, longitude: 2.35,
            points: ClimateTrendPoint.series([1980: 8.0, 2026: 11.1]))
        let digest = DigestContent.details(
            for: Self.receiver, day: LocalDay(year: 2026, month: 12, day: 1),
            from: try Self.sources(record: record, extras: CityExtras(pollen: pollen, climate: climate)), now: Self.now)
        let paris = try #require(digest.cities.first)
        #expect(paris.openAlerts == ["AQI: Unhealthy 😨 since 02:10 UTC", "UV alert", "Forecast for Tomorrow: Unhealthy 😨"])
        #expect(paris.needsAttention)
        #expect(paris.pollen?[.birch] != nil && paris.pollen?[.grass] != nil && paris.pollen?[.olive] == nil)
        #expect(paris.uvMaximum == 4.4)
        #expect(paris.climate == "3.1 °C warmer than this day in 1980")

        // Out of the pollen model's domain: no counts is no pollen line, never "none"; a UV
        // maximum of yesterday's reading is not today's.
        let outside = PollenReading(time: "2026-11-30T21:00", counts: [:])
        var stale = outside
        stale.uvIndexMaximumToday = 7
        let other = DigestContent.details(
            for: Self.receiver, day: LocalDay(year: 2026, month: 12, day: 1),
            from: try Self.sources(record: record, extras: CityExtras(pollen: stale)), now: Self.now)
        #expect(other.cities.first?.pollen == nil)
        #expect(other.cities.first?.uvMaximum == nil)
    }

    @Test func theClimateLineInFahrenheitAndWithTheArchivesLag() {
        var points = ClimateTrendPoint.series([1980: 10.0, 2026: 8.0])
        points[1].date = "2026-11-25"
        #expect(DigestContent.climateLine(points, unit: .fahrenheit) == "3.6 °F cooler than this day in 1980 (latest in the archive: 2026-11-25)")
        #expect(DigestContent.climateLine(ClimateTrendPoint.series([1980: 10.0, 2026: 10.02]), unit: .celsius) == "as warm as this day in 1980")
        #expect(DigestContent.climateLine(ClimateTrendPoint.series([1980: 10.0, 2026: nil]), unit: .celsius) == nil)
    }

    /// The outbox event: one per receiver and day, about no city of its own.
    @Test func theEventCarriesTheDigest() throws {
        let digest = DigestDetails(day: "2026-12-01", receiver: "ops", cities: [DigestCity(city: Self.city)])
        let event = DigestDriver.event(digest, now: Self.now)
        #expect(event.kind == .digest)
        #expect(event.id == EventIdentifier.digest(receiver: "ops", day: "2026-12-01"))
        #expect(event.city.name == "")
        #expect(event.digest == digest)
        let record = DaemonRecords.digest(event)
        #expect(record.message == "daily digest for ops (2026-12-01) is in the outbox: 1 city, all clear")
        #expect(record.fields.contains { $0.name == "BREEZE_DIGEST_CITIES" && $0.value == "1" })
        #expect(record.fields.contains { $0.name == "BREEZE_RECEIVER" && $0.value == "ops" })
        #expect(record.fields.contains { $0.name == "BREEZE_DIGEST_DAY" && $0.value == "2026-12-01" })
    }
}
