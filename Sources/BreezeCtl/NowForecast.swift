import BreezeAlerts
import BreezeCommandLine
import BreezeConfig
import BreezeModel
import BreezeOpenMeteo
import BreezeVocabulary
import FoundationEssentials

/// `breezectl now --forecast`: each configured city's coming days as the forecast alerts see
/// them — tomorrow to four days ahead, the peak AQI and band, the hours expected at or above
/// the city's forecast threshold, the dominant pollutant, or why a day is not rated.
enum NowForecast {
    /// One coming day of one city.
    struct Day {
        var city: City
        var day: LocalDay
        var threshold: Int
        var outcome: ForecastDay.Outcome
        /// The day as people say it in the city's zone: `Tomorrow`, `Thu 4 Dec`.
        var name: String
    }

    /// How many days ahead are shown: as far as `ForecastDays=` may reach.
    static let daysAhead = ForecastSettings.dayRange.upperBound

    /// Fetches the poll's forecast for `cities` and prints their days; `progress` hears each
    /// request and each city read, and is finished before anything is printed.
    static func run(
        _ cities: [CityConfiguration], json: Bool, access: OpenMeteoAccess, console: Console, now: Instant,
        progress: ProgressReporter = .silent
    ) -> ExitCode {
        let access = access.reporting(to: progress)
        let client = AirQualityClient(
            endpoints: access.endpoints, transport: access.transport, retryPolicy: OpenMeteoAccess.interactiveRetries)
        let results = client.poll(for: cities.map(\.city.coordinate), deadline: access.deadline) { index, conditions in
            progress.done(cities[index].city.displayName)
            return conditions
        }
        progress.finish()
        var days: [Day] = []
        var failures: [FetchError] = []
        for (city, result) in zip(cities, results) {
            switch result {
            case .failure(let error):
                failures.append(error)
                console.printError("breezectl now: \(city.city.displayName): \(error)")
            case .success(let conditions):
                let hourly = conditions.hourly
                let series = ForecastSeries(firstHour: hourly.firstHour, columns: hourly.concentrations.columns, problems: hourly.problems)
                days += Self.days(city, series: series, now: now)
            }
        }
        if failures.count == cities.count, let first = failures.first {
            return first.isRefusedKey ? .configuration : .unavailable
        }
        if json { console.printJSON(Self.json(days)) } else { console.print(Self.table(days)) }
        return .success
    }

    /// The city's coming days in `series`, at its forecast threshold (its `Threshold=` when off).
    static func days(_ city: CityConfiguration, series: ForecastSeries, now: Instant) -> [Day] {
        let zone = city.city.zone
        let threshold = ForecastRule(city)?.threshold ?? city.alert.threshold.aqi
        guard let today = LocalDay(now, in: zone) else { return [] }
        return (1...daysAhead).map { ahead in
            let day = today.adding(days: ahead)
            return Day(
                city: city.city, day: day, threshold: threshold, outcome: series.forecast(day, in: zone, threshold: threshold),
                name: TimeText.day(day, today: today))
        }
    }

    /// `CITY DAY PEAK BAND HOURS MAIN`, one line per city and day.
    static func table(_ days: [Day]) -> String {
        typealias Cell = TextTable.Cell
        let header = ["CITY", "DAY", "PEAK", "BAND", "HOURS ≥ T", "MAIN"].map { Cell($0) }
        let rows = days.map { day -> [Cell] in
            let start = [Cell(day.city.displayName), Cell(day.name)]
            guard let rating = rating(day) else { return start + [Cell("—"), Cell(note(day.outcome))] }
            return start + [
                Cell(rating.peakAQI.map(String.init) ?? "500+"),
                Cell(rating.band.map { NowPresentation.bandText($0) } ?? "—"),
                Cell("\(rating.hoursAboveThreshold) ≥ \(day.threshold)"),
                Cell(rating.dominant?.pollutant.label ?? "—"),
            ]
        }
        return (TextTable(rightAligned: [2]).lines([header] + rows)
            + ["Forecast days in each city's zone; HOURS ≥ T: hours expected at or above its ForecastThreshold."])
            .joined(separator: "\n")
    }

    /// One object per city and day: `city`, `day` (`YYYY-MM-DD`), `dayName` (`Tomorrow`,
    /// `Thu 4 Dec`), `threshold`, `status` (`rated`,
    /// `beyond-the-forecast-horizon`, `incomplete`, `not-a-local-day`), and when rated `peakAQI`
    /// (null beyond the AQI), `band`, `hoursAboveThreshold`, `dominantPollutant`.
    static func json(_ days: [Day]) -> JSONOutput {
        JSONOutput.array(days.map { day in
            var object: [String: JSONOutput] = [
                "city": .string(day.city.name), "day": .string(day.day.description), "dayName": .string(day.name),
                "threshold": .integer(day.threshold), "status": .string(status(day.outcome)),
            ]
            if let rating = rating(day) {
                object["peakAQI"] = .integer(rating.peakAQI)
                object["band"] = .text(rating.band?.slug)
                object["hoursAboveThreshold"] = .integer(rating.hoursAboveThreshold)
                object["dominantPollutant"] = .text(rating.dominant?.pollutant.rawValue)
            } else {
                object["note"] = .string(note(day.outcome))
            }
            return .object(object)
        })
    }

    static func rating(_ day: Day) -> DailyAirQuality? {
        if case .rated(let rating) = day.outcome { return rating }
        return nil
    }

    static func status(_ outcome: ForecastDay.Outcome) -> String {
        switch outcome {
        case .rated: "rated"
        case .beyondTheForecastHorizon: "beyond-the-forecast-horizon"
        case .incomplete: "incomplete"
        case .notALocalDay: "not-a-local-day"
        }
    }

    static func note(_ outcome: ForecastDay.Outcome) -> String { outcome.note ?? "" }
}
