import BreezeAlerts
import BreezeBacktest
import BreezeConfig
import BreezeModel
import BreezeVocabulary

/// Builds hourly histories and the subjects that replay them, with times derived from the
/// rule and the interval so expectations follow from them.
struct HistoryBuilder {
    /// 2026-08-01 00:00 UTC.
    static let origin = Instant(unixSeconds: 1_785_542_400)
    static let city = City(name: "Paris", latitude: 48.8566, longitude: 2.3522)

    var hours: [HistoryHour] = []
    /// The index the next hour will get.
    private(set) var next = 0

    /// Appends `count` hours of `aqi` (nil: the hour is present with a null AQI).
    mutating func add(_ aqi: Double?, hours count: Int = 1, concentrations: [Pollutant: Double] = [:]) {
        for _ in 0..<count {
            hours.append(HistoryHour(start: Self.hour(next), aqi: aqi, concentrations: concentrations))
            next += 1
        }
    }

    /// Leaves `count` hours out of the history altogether.
    mutating func skip(hours count: Int) { next += count }

    static func hour(_ index: Int) -> Instant { origin + .seconds(index * 3600) }

    /// The poll at which the `count`th consecutive poll from the start of hour `index` falls.
    static func poll(_ count: Int, fromHour index: Int, interval: Duration) -> Instant {
        hour(index) + interval * (count - 1)
    }

    /// The city alerting by `settings`, the rule built as the daemon builds it.
    static func subject(
        _ settings: AlertSettings, interval: Duration = .seconds(600), receivers: [String] = ["ops"]
    ) -> BacktestCity {
        BacktestCity(city: city, rule: AlertRule(settings), pollInterval: interval, receivers: receivers)
    }
}
