import BreezeAlerts
import BreezeModel
import BreezeVocabulary

/// One city's forecast as the daemon keeps it between the polls that ask for it: the hours
/// after the current hour of the poll that brought it, per pollutant. A poll that asks only
/// for the current hour (`PollRequestShape.withoutForecast`) gets it back spliced after its
/// own hours (`spliced(onto:)`), so every step after the poll reads one series as before.
///
/// Kept as `Float` (µg/m³ to 7 digits; Open-Meteo's have one decimal): 119 hours of six
/// pollutants are 2.9 kB a city, 29 MB at 10,000 cities.
public struct KeptForecast: Sendable, Equatable {
    /// When the poll that brought it started.
    public var polledAt: Instant
    /// The last run of each model domain of the city (`ModelDomain` raw values) known when it
    /// was asked for: a later run makes it old.
    public var runs: [String: Instant]
    /// The hour at index 0: the one after that poll's current hour.
    public var firstHour: Instant
    /// Per pollutant, one value per hour from `firstHour` (NaN: no value).
    public var columns: [Pollutant: [Float]]
    /// What was wrong with the hours of the poll that brought it (`ForecastSeries.problems`).
    public var problems: [String]
    /// Where it was asked for: a city moved by a reload is another place's forecast.
    public var latitude: Double?
    public var longitude: Double?

    public init(polledAt: Instant, runs: [String: Instant], firstHour: Instant, columns: [Pollutant: [Float]], problems: [String]) {
        self.polledAt = polledAt
        self.runs = runs
        self.firstHour = firstHour
        self.columns = columns
        self.problems = problems
    }

    /// The hours of `series` after its current hour; nil when it has no current hour.
    public init?(series: ForecastSeries, polledAt: Instant, runs: [String: Instant]) {
        guard let current = series.currentHour else { return nil }
        let offset = (current.unixSeconds - series.firstHour.unixSeconds) / 3600
        guard offset.isFinite, offset == offset.rounded(), offset >= 0, offset < 1e6 else { return nil }
        let first = Int(offset) + 1
        let count = max(0, series.concentrations.hourCount - first)
        var columns: [Pollutant: [Float]] = [:]
        for pollutant in Pollutant.allCases where series.concentrations.hasColumn(pollutant) {
            columns[pollutant] = (0..<count).map { hour in
                series.concentrations.value(pollutant, at: first + hour).map(Float.init) ?? .nan
            }
        }
        self.init(
            polledAt: polledAt, runs: runs, firstHour: current + .seconds(3600), columns: columns,
            problems: series.problems)
    }

    /// How many hours it holds.
    public var hourCount: Int { columns.values.map(\.count).max() ?? 0 }

    /// `series` with this forecast's hours after its current hour: the hours up to and
    /// including the current one are always the series' own (so a kept hour before now is
    /// never shown as forecast), a later hour is the series' when it has one, else kept. The
    /// problems of both, once each. `series` as it is without a current hour.
    public func spliced(onto series: ForecastSeries) -> ForecastSeries {
        guard let current = series.currentHour else { return series }
        let start = series.firstHour.unixSeconds
        let currentOffset = (current.unixSeconds - start) / 3600
        let keptOffset = (firstHour.unixSeconds - start) / 3600
        guard currentOffset.isFinite, keptOffset.isFinite, currentOffset == currentOffset.rounded(),
            keptOffset == keptOffset.rounded(), currentOffset >= 0, abs(keptOffset) < 1e6, currentOffset < 1e6
        else { return series }
        let currentIndex = Int(currentOffset)
        let keptStart = Int(keptOffset)
        let own = series.concentrations
        let length = max(own.hourCount, keptStart + hourCount)
        // Columns of checked values, NaN for none, as `HourlyConcentrations` holds them: made
        // hour by hour as optionals and checked again, the splice cost each city more than its
        // poll's reading.
        var merged: [Pollutant: [Double]] = [:]
        var implausible = 0
        for pollutant in Pollutant.allCases where own.hasColumn(pollutant) || columns[pollutant] != nil {
            var column = [Double](repeating: .nan, count: max(0, length))
            if let stored = own.storedValues(pollutant) {
                for hour in 0..<min(stored.count, column.count) { column[hour] = stored[hour] }
            }
            if let kept = columns[pollutant] {
                let from = max(currentIndex + 1, keptStart, 0)
                let to = min(column.count, keptStart + kept.count)
                if from < to {
                    for hour in from..<to where column[hour].isNaN {
                        guard let value = Self.concentration(kept[hour - keptStart]) else { continue }
                        if let checked = HourlyConcentrations.plausible(value) {
                            column[hour] = checked
                        } else {
                            implausible += 1
                        }
                    }
                }
            }
            merged[pollutant] = column
        }
        var problems = series.problems
        for problem in self.problems where !problems.contains(problem) { problems.append(problem) }
        return ForecastSeries(
            firstHour: series.firstHour, concentrations: HourlyConcentrations(checked: merged, implausibleHours: implausible),
            problems: problems, currentHour: current)
    }

    /// A kept value as the concentration it stands for: to 0.001 µg/m³, so 65.2 comes back as
    /// 65.2 and not as `Float`'s 65.199997; nil for none.
    static func concentration(_ value: Float) -> Double? {
        value.isFinite ? (Double(value) * 1000).rounded() / 1000 : nil
    }

    /// Whether it was asked for at least `age` before `now`.
    public func isOlder(than age: Duration, at now: Instant) -> Bool {
        now.unixSeconds - polledAt.unixSeconds >= age.seconds
    }
}

/// Every city's kept forecast (by configured name) and the last run of each model domain seen
/// out (`ModelDomain` raw values): what `forecast.json` holds beside the state.
public struct KeptForecasts: Sendable, Equatable {
    public var cities: [String: KeptForecast] = [:]
    public var runs: [String: Instant] = [:]
    /// Per domain whose answer about its runs cannot be believed, why (logged once until the
    /// reason changes). Not saved.
    public var doubts: [String: String] = [:]

    public init(cities: [String: KeptForecast] = [:], runs: [String: Instant] = [:]) {
        self.cities = cities
        self.runs = runs
    }
}
