import BreezeModel
import BreezeVocabulary

/// One location's hourly block from a poll, placed on the regular grid of whole hours the poll
/// asked for: the hours, the model's `HourlyConcentrations` on them, where the current hour is,
/// and what was wrong with the response. The ground for NowCast, the 8-hour averages and the
/// daily forecast.
///
/// Hour `i` is `firstHour + i` hours; the current hour is at `currentIndex`. Every slot holds
/// µg/m³ or nil: a null, a row the response left out, a value that failed its checks — never
/// a value made up. What was wrong with the response is in `problems`, one sentence each.
public struct PollHours: Sendable, Equatable {
    /// The oldest hour asked for.
    public var firstHour: Instant
    /// The hour holding Open-Meteo's current values (`current.time` to the whole hour).
    public var currentHour: Instant
    /// The hours asked for: the past ones, the current one and those ahead.
    public var hourCount: Int
    /// Per pollutant, one value per hour of the grid (nil: no data), oldest first.
    public var concentrations: HourlyConcentrations
    /// The last hour of the grid the response had a row for, nil when it had none.
    public var lastHourReceived: Instant?
    /// What was wrong: missing hours, nulls amid values, lists of the wrong length, times out
    /// of order or off the grid, a forecast shorter than asked, units, values dropped.
    public var problems: [String]
    /// The first problem touching the hours the current AQI reads (the 24 up to and including
    /// the current one): a row missing or a column refused, nil when every hour has its row.
    /// Those leave every pollutant's hours unknown, so the alerting AQI falls back to
    /// Open-Meteo's. A pollutant's own missing values (nulls, values dropped) are not a problem
    /// here: EPA's completeness rules decide whether it is rated (`CurrentAirQuality`).
    public var currentWindowProblem: String?

    public init(
        firstHour: Instant, currentHour: Instant, hourCount: Int, concentrations: HourlyConcentrations,
        lastHourReceived: Instant?, problems: [String] = [], currentWindowProblem: String? = nil
    ) {
        self.firstHour = firstHour
        self.currentHour = currentHour
        self.hourCount = hourCount
        self.concentrations = concentrations
        self.lastHourReceived = lastHourReceived
        self.problems = problems
        self.currentWindowProblem = currentWindowProblem
    }

    /// How many hours up to and including the current one the current AQI reads (the longest
    /// method, 24-hour SO₂).
    public static let currentWindowHours = 24

    /// The hours of the grid, oldest first.
    public var hours: [Instant] { (0..<hourCount).map(hour(at:)) }

    /// The position of the current hour in the grid.
    public var currentIndex: Int { index(of: currentHour) ?? 0 }

    /// The hour at grid position `index`.
    public func hour(at index: Int) -> Instant { firstHour + .seconds(3600 * index) }

    /// The grid position of `hour`, nil when it is not one of the grid's whole hours.
    public func index(of hour: Instant) -> Int? {
        let offset = (hour.unixSeconds - firstHour.unixSeconds) / 3600
        guard offset == offset.rounded(), offset >= 0, offset < Double(hourCount) else { return nil }
        return Int(offset)
    }

    /// `pollutant`'s value at `hour`, nil without one.
    public func value(_ pollutant: Pollutant, at hour: Instant) -> Double? {
        guard let index = index(of: hour) else { return nil }
        return concentrations.value(pollutant, at: index)
    }

    /// Up to `count` hourly values of `pollutant` ending at `hour` (default the current one),
    /// newest first, nil for each hour without data and for hours before the grid — the order
    /// `NowCast` reads.
    public func newestFirst(_ pollutant: Pollutant, count: Int, endingAt hour: Instant? = nil) -> [Double?] {
        guard count > 0, let end = index(of: hour ?? currentHour) else { return [] }
        let hasColumn = concentrations.hasColumn(pollutant)
        return (0..<count).map { back in hasColumn ? concentrations.value(pollutant, at: end - back) : nil }
    }

    /// The last hour with a value of `pollutant`: how far the model reaches for it.
    public func lastHourWithValue(_ pollutant: Pollutant) -> Instant? {
        concentrations.lastHourWithValue(pollutant).map(hour(at:))
    }
}
