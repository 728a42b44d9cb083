import BreezeAlerts
import BreezeConfig
import BreezeModel
import BreezeVocabulary
import BreezeWeb
import FoundationEssentials

/// What the status page shows from a poll's own hourly series, beyond the state: the last 48
/// hours of the AQI hour by hour and the coming local days' forecast. Pure; run on the poll's
/// queue after the cycle.
enum PolledExtras {
    /// Hours of history the page charts.
    static let historyHours = 48
    /// Hours an hour's rating reads, itself included (24-hour SO₂ above 304 ppb, the longest).
    static let trailingHours = 24

    /// Each configured city's history and forecast days from the cycle's series (`forecasts`,
    /// by name; a city without one is left out and keeps its last), its days in its
    /// `TimeZone=` (else the system's): those made when the batch was read, else the series'.
    static func byCity(_ forecasts: [String: PolledForecast], configuration: Configuration)
        -> [String: (history: [HourlyAQI], forecast: [ForecastDayAQI])]
    {
        var extras: [String: (history: [HourlyAQI], forecast: [ForecastDayAQI])] = [:]
        for city in configuration.cities {
            guard let polled = forecasts[city.city.name] else { continue }
            if let page = polled.page {
                extras[city.city.name] = (page.history, page.forecast)
                continue
            }
            guard let series = polled.series else { continue }
            let days = pageDays(of: city, rule: ForecastRule(city))
            let page = self.page(series, zone: days.zone, threshold: days.threshold)
            extras[city.city.name] = (page.history, page.forecast)
        }
        return extras
    }

    /// The zone and threshold of `city`'s forecast days on the page: its `TimeZone=` (else the
    /// system's) and its forecast `rule`'s threshold.
    static func pageDays(of city: CityConfiguration, rule: ForecastRule?) -> (zone: CivilZone, threshold: Int) {
        // Without a rule any threshold does: it only counts hours above it, which the page
        // does not show.
        (city.city.zone, rule?.threshold ?? 101)
    }

    /// One city's history and forecast days.
    static func page(_ series: ForecastSeries, zone: CivilZone, threshold: Int) -> PolledPage {
        PolledPage(history: history(series), forecast: forecastDays(series, zone: zone, threshold: threshold))
    }

    /// The AQI hour by hour, as AirNow rates it (`CurrentAirQualitySeries`: NowCast PM, 8-hour
    /// O₃ and CO, 1-hour NO₂ and SO₂), the last `historyHours` up to the current hour, oldest
    /// first. An hour is nil when it cannot be rated: no index (too few hours), beyond the AQI
    /// or undetermined, or its trailing hours reach before the series (a rating from a cut
    /// window would differ from the one made then). Empty without a current hour.
    static func history(_ series: ForecastSeries) -> [HourlyAQI] {
        guard let current = series.currentHour, let currentIndex = index(of: current, in: series) else { return [] }
        // Rate only the hours shown, up to the current one: an hour's rating reads only the
        // hours before it, so the forecast hours after it change nothing.
        let first = max(0, currentIndex - historyHours + 1)
        let rated = CurrentAirQualitySeries(series.concentrations, hours: first..<(currentIndex + 1))
        return (first...currentIndex).map { hour in
            let aqi: Int?
            if hour >= trailingHours - 1, rated.indices.contains(hour), case .index(let value, _) = rated[hour] {
                aqi = value
            } else {
                aqi = nil
            }
            return HourlyAQI(hour: series.firstHour + .seconds(3600 * hour), aqi: aqi)
        }
    }

    /// Each local day in `zone` from the current hour's to the last the series reaches, as the
    /// forecast alerts rate it (`ForecastDay`: the day's peak AQI and its pollutant), or a note
    /// saying why not. At most 8 days.
    static func forecastDays(_ series: ForecastSeries, zone: CivilZone, threshold: Int) -> [ForecastDayAQI] {
        let hourCount = series.concentrations.hourCount
        guard let current = series.currentHour, hourCount > 0, let today = LocalDay(current, in: zone),
            let lastDay = LocalDay(series.firstHour + .seconds(3600 * (hourCount - 1)), in: zone)
        else { return [] }
        var days: [ForecastDayAQI] = []
        var day = today
        while day <= lastDay, days.count < 8 {
            days.append(dayAQI(day, series.forecast(day, in: zone, threshold: threshold)))
            day = day.next
        }
        return days
    }

    static func dayAQI(_ day: LocalDay, _ outcome: ForecastDay.Outcome) -> ForecastDayAQI {
        let name = day.description
        switch outcome {
        case .rated(let rating):
            guard let peak = rating.peakAQI else {
                return ForecastDayAQI(
                    day: name, aqi: nil, dominant: rating.dominant?.pollutant,
                    note: "The forecast peak is beyond the AQI or undetermined.")
            }
            return ForecastDayAQI(day: name, aqi: peak, dominant: rating.dominant?.pollutant)
        case .incomplete, .beyondTheForecastHorizon, .notALocalDay:
            return ForecastDayAQI(day: name, aqi: nil, note: outcome.note)
        }
    }

    private static func index(of hour: Instant, in series: ForecastSeries) -> Int? {
        let offset = (hour.unixSeconds - series.firstHour.unixSeconds) / 3600
        guard offset.isFinite, offset == offset.rounded(), offset >= 0, offset < Double(series.concentrations.hourCount)
        else { return nil }
        return Int(offset)
    }
}
