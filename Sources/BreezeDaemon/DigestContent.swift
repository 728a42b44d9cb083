import BreezeAlerts
import BreezeConfig
import BreezeModel
import BreezeState
import BreezeVocabulary
import FoundationEssentials

/// What a digest says about each city, from what the daemon has: the state (reading, open
/// alerts), the last cycle's hourly forecast, and the extras (pollen, UV, climate trend) last
/// fetched. Nothing is made up: what is not known stays nil. Pure.
enum DigestContent {
    /// What the daemon knows, taken on its control queue.
    struct Sources {
        var cities: [WatchedCity]
        var configuration: Configuration
        var state: DaemonState
        /// The last cycle's hourly series, by city name.
        var forecasts: [String: ForecastSeries]
        var extras: [String: CityExtras]
    }

    /// The digest for `receiver` about its local `day`, its cities in configuration order.
    /// `made` keeps each city's part across the receivers of one run: it is the same for all.
    static func details(
        for receiver: DigestReceiver, day: LocalDay, from sources: Sources, now: Instant, made: inout [String: DigestCity]
    ) -> DigestDetails {
        let watched = Set(receiver.cities)
        var configured: [String: CityConfiguration]?
        var cities: [DigestCity] = []
        for city in sources.cities where watched.contains(city.city.name) {
            if let known = made[city.city.name] {
                cities.append(known)
                continue
            }
            if configured == nil {
                configured = Dictionary(
                    sources.configuration.cities.map { ($0.city.name, $0) }, uniquingKeysWith: { first, _ in first })
            }
            let part = self.city(city, configured?[city.city.name], sources: sources, now: now)
            made[city.city.name] = part
            cities.append(part)
        }
        return DigestDetails(day: day.description, receiver: receiver.name, cities: cities)
    }

    /// The digest for `receiver` about its local `day` (one receiver alone).
    static func details(for receiver: DigestReceiver, day: LocalDay, from sources: Sources, now: Instant) -> DigestDetails {
        var made: [String: DigestCity] = [:]
        return details(for: receiver, day: day, from: sources, now: now, made: &made)
    }

    static func city(_ watched: WatchedCity, _ configured: CityConfiguration?, sources: Sources, now: Instant) -> DigestCity {
        let name = watched.city.name
        let zone = watched.city.zone
        var city = DigestCity(city: watched.city)
        city.threshold = watched.rule.threshold
        if let record = sources.state.cities[name] {
            if let alerting = record.alerting, alerting.aqi != nil {
                city.aqi = alerting.aqi
                city.band = alerting.band
            } else {
                city.aqi = record.lastReading?.usAQI
                city.band = record.lastReading?.band
            }
            if city.aqi != nil, let observed = record.lastReading?.time.instant {
                city.observedAt = TimeText.readable(observed, now: now, in: zone)
            }
            city.openAlerts = openAlerts(record, zone: zone, now: now)
        }
        if let series = sources.forecasts[name], let today = LocalDay(now, in: zone) {
            let threshold = configured.flatMap { ForecastRule($0) }?.threshold ?? watched.rule.threshold
            peak(series, day: today, zone: zone, threshold: threshold, into: &city)
        }
        if let extras = sources.extras[name] {
            if let pollen = extras.pollen {
                // No counts: the model has no pollen here (never "none").
                if !pollen.counts.isEmpty { city.pollen = pollen.levels }
                if let maximum = pollen.uvIndexMaximumToday, maximum.isFinite, maximum >= 0,
                    let time = pollen.time.flatMap({ ObservationTime($0).instant }),
                    LocalDay(time, in: zone) == LocalDay(now, in: zone)
                {
                    city.uvMaximum = maximum
                }
            }
            if let climate = extras.climate, let today = LocalDay(now, in: zone), climate.holds(watched.city, on: today.description) {
                city.climate = climateLine(climate.points, unit: sources.configuration.breeze.temperatureUnit)
            }
        }
        return city
    }

    /// Today's forecast peak: the day's AQI as the forecast alerts rate it, its band and
    /// pollutant, and the local hours from the first to the end of the last hour whose hourly
    /// AQI is at the peak's band or above.
    static func peak(_ series: ForecastSeries, day: LocalDay, zone: CivilZone, threshold: Int, into city: inout DigestCity) {
        guard case .rated(let rating) = series.forecast(day, in: zone, threshold: threshold),
            let hours = series.hours(of: day, in: zone), let peak = rating.peakAQI, let band = rating.band
        else { return }
        city.forecastPeakAQI = peak
        city.forecastPeakBand = band
        city.forecastDominant = rating.dominant?.pollutant
        // The day's hours rated in one pass (the same ratings as `CurrentAirQuality`, far cheaper).
        let hourly = CurrentAirQualitySeries(series.concentrations, hours: hours)
        let atBand = hours.filter { hour in
            hourly.indices.contains(hour) && (hourly[hour].band.map { $0 >= band } ?? false)
        }
        guard let first = atBand.first, let last = atBand.last else { return }
        let start = series.firstHour + .seconds(3600 * first)
        let end = series.firstHour + .seconds(3600 * (last + 1))
        // `HH:MM` alone: `clock` adds the zone's abbreviation after a space.
        city.forecastPeakFrom = String(TimeText.clock(start, in: zone).prefix(5))
        // The day's end is `24:00`, not the next day's `00:00`.
        let endsTheDay = last + 1 >= hours.upperBound
        city.forecastPeakUntil = endsTheDay ? "24:00" : String(TimeText.clock(end, in: zone).prefix(5))
        city.forecastPeakZone = String(TimeText.clock(start, in: zone).dropFirst(6))
    }

    /// One phrase per alert open now: the AQI alert, the sensitive groups', pollen, UV, and
    /// each coming day a forecast alert announced.
    static func openAlerts(_ record: CityRecord, zone: CivilZone, now: Instant) -> [String] {
        func since(_ state: CityAlertState) -> String {
            state.episodeStartedAt.map { " since " + TimeText.readable($0, now: now, in: zone) } ?? ""
        }
        func band(_ state: CityAlertState) -> String {
            (state.notifiedBand ?? record.band).map { "\($0.label) \($0.emoji)" } ?? "alerting"
        }
        var alerts: [String] = []
        if record.alert.firing { alerts.append("AQI: \(band(record.alert))\(since(record.alert))") }
        if let sensitive = record.sensitiveAlert, sensitive.firing {
            alerts.append("For sensitive groups: \(band(sensitive))\(since(sensitive))")
        }
        if let pollen = record.pollenAlert, pollen.firing { alerts.append("Pollen alert\(since(pollen))") }
        if let uv = record.uvAlert, uv.firing { alerts.append("UV alert\(since(uv))") }
        let today = LocalDay(now, in: zone)
        for day in record.forecast?.days ?? [] {
            guard let announced = day.announcedBand, let date = LocalDay(text: day.day), today.map({ date >= $0 }) ?? true
            else { continue }
            alerts.append("Forecast for \(TimeText.day(named: day.day, now: now, in: zone)): \(announced.label) \(announced.emoji)")
        }
        return alerts
    }

    /// `3.1 °C warmer than this day in 1980` (`TemperatureUnit=`), with the day measured when
    /// it is not this one (the archive lags some days); nil without two years to compare.
    static func climateLine(_ points: [ClimateTrendPoint], unit: TemperatureUnit) -> String? {
        let rated = points.filter { $0.temperatureMaximum?.isFinite == true }
        guard let first = rated.first, let last = rated.last, first.year != last.year,
            let difference = last.differenceFromFirstYear, difference.isFinite, abs(difference) < 200
        else { return nil }
        let shown = unit.difference(celsius: difference)
        let tenths = Int((abs(shown) * 10).rounded())
        let amount = "\(tenths / 10).\(tenths % 10) \(unit.symbol)"
        let comparison = tenths == 0
            ? "as warm as this day in \(first.year)"
            : "\(amount) \(shown > 0 ? "warmer" : "cooler") than this day in \(first.year)"
        return comparison + (last.date.map { " (latest in the archive: \($0))" } ?? "")
    }
}
