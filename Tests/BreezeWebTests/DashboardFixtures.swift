import BreezeAlerts
@testable import BreezeDelivery
import BreezeModel
@testable import BreezeOutboxValues
import BreezeState
import BreezeVocabulary
import BreezeWeb

/// Snapshots the dashboard tests render: ordinary cities, hostile names and values, a city
/// never polled and one whose poll failed.
enum DashboardFixtures {
    /// 2026-12-01 14:05 UTC.
    static let now = Instant(unixSeconds: 1_796_133_900)

    /// A city with a reading of `aqi` (nil: the reading had none) from `source`.
    static func city(
        _ name: String, aqi: Int?, source: AQISource = .nowcast, openMeteo: Int? = nil,
        concentrations: [Pollutant: Double] = [.pm2_5: 14.2, .pm10: 22, .no2: 31.5, .so2: 2.1, .o3: 61, .co: 240],
        firing: Bool = false, error: String? = nil
    ) -> WebCity {
        var record = CityRecord(city: City(name: name, latitude: 48.85, longitude: 2.35))
        let observed = Instant(unixSeconds: now.unixSeconds - 5 * 60)
        record.lastReading = Reading(
            time: ObservationTime(observed), usAQI: openMeteo ?? aqi, concentrations: concentrations,
            subIndices: [.pm2_5: aqi ?? 0])
        record.alerting = AlertingAQI(
            source: source, aqi: aqi, dominantPollutant: .pm2_5, openMeteoAQI: openMeteo ?? aqi)
        record.band = aqi.flatMap(Band.init(aqi:))
        record.bandSince = Instant(unixSeconds: now.unixSeconds - 3 * 3600)
        record.lastPollAt = Instant(unixSeconds: now.unixSeconds - 5 * 60)
        record.lastError = error
        record.alert.firing = firing
        if firing {
            record.alert.episodeStartedAt = Instant(unixSeconds: now.unixSeconds - 2 * 3600)
            record.alert.notifiedBand = record.band
        }
        let lastHour = (now.unixSeconds / 3600).rounded(.down) * 3600
        let history = (0..<48).map { index in
            HourlyAQI(
                hour: Instant(unixSeconds: lastHour - Double(47 - index) * 3600),
                aqi: index % 11 == 5 ? nil : max(0, (aqi ?? 40) - 30 + (index * 7) % 60))
        }
        return WebCity(
            name: name, slug: Slug.of(name), record: record, history: history,
            forecast: [
                ForecastDayAQI(day: "2026-12-01", aqi: aqi, dominant: .pm2_5),
                ForecastDayAQI(day: "2026-12-02", aqi: 48, dominant: .o3),
                ForecastDayAQI(day: "2026-12-05", aqi: nil, note: "The forecast does not reach this day."),
            ],
            pollen: [.birch: 16, .grass: 0.4, .olive: 1600], uvIndex: 2.4,
            climate: ClimateTrendPoint.series([1980: 7.1, 1990: 6.8, 2000: 8.2, 2010: 5.9, 2020: 9.6, 2026: nil]))
    }

    /// Eight cities, one per band, and the snapshot around them.
    static let bandValues = [12, 40, 57, 88, 123, 170, 250, 420]

    /// A snapshot of one city per band, Paris first, fresh (the last cycle five minutes ago).
    static func snapshot(cities: [WebCity]? = nil, interval: Duration = .seconds(900)) -> WebSnapshot {
        var state = DaemonState()
        state.lastCycleCompletedAt = Instant(unixSeconds: now.unixSeconds - 300)
        state.lastCycleStartedAt = Instant(unixSeconds: now.unixSeconds - 302)
        state.pollInterval = interval
        let cities = cities ?? zip(["Paris", "東京", "São Paulo", "Berlin", "Delhi", "Lahore", "Dhaka", "Smoke Valley"], bandValues)
            .map { city($0, aqi: $1, firing: $1 > 150) }
        for city in cities { state.cities[city.name] = city.record }
        var deliveries = OutboxSummary(OutboxScan(), now: now)
        deliveries.receivers = [
            .init(name: "ntfy", pending: 2, oldestCreatedAt: now, held: 1, lastError: nil),
        ]
        return WebSnapshot(
            takenAt: now, version: "1.2.3-test", pollInterval: interval,
            nextPollAt: Instant(unixSeconds: now.unixSeconds + 600), state: state, cities: cities,
            receivers: ["ntfy"], deliveries: deliveries)
    }

    /// Names no page may print as markup.
    static let hostileNames = [
        "<script>alert(1)</script>", "\"quoted\" & 'single' </article>", "tab\tnul\u{0}bell\u{7}esc\u{1B}[31m",
        String(repeating: "東京", count: 100), "<img src=http://example.com/x onerror=alert(1)>",
    ]
}
