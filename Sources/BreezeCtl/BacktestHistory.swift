import BreezeAlerts
import BreezeBacktest
import BreezeConfig
import BreezeModel
import BreezeOpenMeteo
import BreezeVocabulary

/// What `breezectl backtest` replays for one city: its hourly history as fetched, and how the
/// daemon would judge it.
enum BacktestHistory {
    /// The hours of `series` that have ended by `now` (today's included), as the engine takes
    /// them: a time that cannot be read stays in, as no time, so the replay counts it as
    /// rejected.
    static func hours(_ series: HourlySeries, until now: Instant) -> [HistoryHour] {
        var hours: [HistoryHour] = []
        hours.reserveCapacity(series.times.count)
        // The columns listed once, and each hour's table sized once: 200,000 hours for 100 cities.
        let columns = Array(series.concentrations)
        for (index, text) in series.times.enumerated() {
            let time = ObservationTime(text)
            let start = time.instant?.unixSeconds ?? .nan
            // A forecast hour is not history, nor the hour still running: its value may change.
            guard !(start + 3600 > now.unixSeconds) else { continue }
            var concentrations = [Pollutant: Double](minimumCapacity: columns.count)
            for (pollutant, column) in columns {
                if index < column.count, let value = column[index] { concentrations[pollutant] = value }
            }
            let aqi = index < series.usAQI.count ? series.usAQI[index].map(Double.init) : nil
            hours.append(
                HistoryHour(start: Instant(unixSeconds: start), aqi: aqi, concentrations: concentrations, observedAt: time))
        }
        return hours
    }

    /// The city as the daemon would run it: the rule its `[Alert]` settings give, the
    /// configured `PollInterval`, and the receivers its events reach (its `Notify=`, resolved
    /// by the configuration, without the receivers that are disabled).
    static func subject(_ city: CityConfiguration, in configuration: Configuration) -> BacktestCity {
        let enabled = Set(configuration.receiverDeliverySettings.filter(\.delivery.enabled).map(\.name))
        return BacktestCity(
            city: city.city, rule: AlertRule(city.alert), pollInterval: configuration.breeze.pollInterval,
            receivers: city.alert.notify.filter(enabled.contains))
    }
}
