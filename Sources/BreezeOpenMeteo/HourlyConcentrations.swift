import BreezeModel
import BreezeVocabulary

/// One location's hourly pollutant concentrations from a poll, on a regular grid of whole
/// hours around the current one: the ground for NowCast, the 8-hour averages and the daily
/// forecast.
///
/// Hour `i` is `firstHour + i` hours; the current hour is at `currentIndex`. Every slot holds
/// µg/m³ or nil: a null, a row the response left out, a value that failed its checks — never
/// a value made up. What was wrong with the response is in `problems`, one sentence each.
public struct HourlyConcentrations: Sendable, Equatable {
    /// The oldest hour asked for.
    public var firstHour: Instant
    /// The hour holding Open-Meteo's current values (`current.time` to the whole hour).
    public var currentHour: Instant
    /// The hours asked for: the past ones, the current one and those ahead.
    public var hourCount: Int
    /// Per pollutant, one value per hour of the grid (nil: no data).
    public var concentrations: [Pollutant: [Double?]]
    /// The last hour of the grid the response had a row for, nil when it had none.
    public var lastHourReceived: Instant?
    /// What was wrong: missing hours, nulls amid values, lists of the wrong length, times out
    /// of order or off the grid, a forecast shorter than asked, units, implausible values.
    public var problems: [String]

    public init(
        firstHour: Instant, currentHour: Instant, hourCount: Int, concentrations: [Pollutant: [Double?]],
        lastHourReceived: Instant?, problems: [String] = []
    ) {
        self.firstHour = firstHour
        self.currentHour = currentHour
        self.hourCount = hourCount
        self.concentrations = concentrations
        self.lastHourReceived = lastHourReceived
        self.problems = problems
    }

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
        return concentrations[pollutant]?[index] ?? nil
    }

    /// Up to `count` hourly values of `pollutant` ending at `hour` (default the current one),
    /// newest first, nil for each hour without data and for hours before the grid — the order
    /// `NowCast` reads.
    public func newestFirst(_ pollutant: Pollutant, count: Int, endingAt hour: Instant? = nil) -> [Double?] {
        guard count > 0, let end = index(of: hour ?? currentHour) else { return [] }
        let column = concentrations[pollutant]
        return (0..<count).map { back in
            let index = end - back
            guard index >= 0, let column else { return nil }
            return column[index]
        }
    }

    /// The last hour with a value of `pollutant`: how far the model reaches for it.
    public func lastHourWithValue(_ pollutant: Pollutant) -> Instant? {
        guard let column = concentrations[pollutant], let index = column.lastIndex(where: { $0 != nil })
        else { return nil }
        return hour(at: index)
    }
}
