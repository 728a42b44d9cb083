import BreezeModel
import BreezeVocabulary
import FoundationEssentials

/// One city's hourly forecast as the forecast alerts read it: the model's concentrations on a
/// grid of whole hours starting at `firstHour` (index `i` is `firstHour + i` hours).
public struct ForecastSeries: Sendable, Equatable {
    /// The hour at index 0.
    public var firstHour: Instant
    /// The concentrations, checked (µg/m³; nil for a missing hour).
    public var concentrations: HourlyConcentrations
    /// What was wrong with the response's hours (a forecast shorter than asked, nulls…).
    public var problems: [String]
    /// The hour holding the source's current values (the poll's `current.time`), nil when the
    /// series does not say: the status page's history ends there and its days start there.
    public var currentHour: Instant?

    public init(
        firstHour: Instant, concentrations: HourlyConcentrations, problems: [String] = [], currentHour: Instant? = nil
    ) {
        self.firstHour = firstHour
        self.concentrations = concentrations
        self.problems = problems
        self.currentHour = currentHour
    }

    /// A poll's hourly grid by its parts (µg/m³ per pollutant, oldest hour first), checked again
    /// by `HourlyConcentrations` (a value that is not a concentration is a missing hour).
    public init(firstHour: Instant, columns: [Pollutant: [Double?]], problems: [String] = [], currentHour: Instant? = nil) {
        self.init(
            firstHour: firstHour, concentrations: HourlyConcentrations(columns), problems: problems,
            currentHour: currentHour)
    }

    /// The grid indices of the local day `day` in `zone`: the hours starting at or after its
    /// midnight and before the next one (indices past the grid are missing hours).
    public func hours(of day: LocalDay, in zone: CivilZone) -> Range<Int>? {
        guard let start = day.midnight(in: zone), let end = day.next.midnight(in: zone) else { return nil }
        let first = firstHour.unixSeconds
        guard first.isFinite else { return nil }
        func index(_ instant: Double) -> Int? {
            let offset = ((instant - first) / 3600).rounded(.up)
            guard offset.isFinite, abs(offset) < 1e9 else { return nil }
            return Int(offset)
        }
        guard let lower = index(start), let upper = index(end), lower <= upper else { return nil }
        return lower..<upper
    }

    /// The forecast of `day` (see `ForecastDay`), counting hours at or above `threshold`.
    public func forecast(_ day: LocalDay, in zone: CivilZone, threshold: Int) -> ForecastDay.Outcome {
        guard let hours = hours(of: day, in: zone) else { return .beyondTheForecastHorizon }
        return ForecastDay(hours: hours, in: concentrations, threshold: threshold).outcome
    }
}

/// A calendar date in some zone, `2026-12-02`: what a forecast day is named by. The
/// calendar's own date (`CivilDate`), with what forecasts and digests ask of it.
public typealias LocalDay = CivilDate

extension CivilDate {
    /// The local date of `instant` in `zone`; nil for a time no calendar holds.
    public init?(_ instant: Instant, in zone: CivilZone) {
        guard instant.unixSeconds.isFinite, abs(instant.unixSeconds) < 1e12 else { return nil }
        self = CivilCalendar.time(Int(instant.unixSeconds.rounded(.down)), in: zone).date
    }

    /// `YYYY-MM-DD`.
    public init?(text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The years `adding(days:)` and `days(until:)` count through `CivilCalendar`: where its
    /// proleptic Gregorian calendar is Foundation's, which turns Julian before 15 October 1582.
    static let civilYears = 1600...9999

    /// Days from 1970-01-01, nil unless a valid date of `civilYears`.
    var civilDays: Int? { Self.civilYears.contains(year) ? CivilCalendar.daysSinceEpoch(self) : nil }

    /// The day after.
    public var next: LocalDay { adding(days: 1) }

    /// The date `days` later (earlier when negative).
    public func adding(days: Int) -> LocalDay {
        if let start = civilDays, case (let sum, false) = start.addingReportingOverflow(days),
            // 1600-01-01 is day -135,140 and 9999-12-31 day 2,932,896.
            (-135_140...2_932_896).contains(sum)
        {
            return CivilCalendar.date(daysSinceEpoch: sum)
        }
        // A day that is not a date (2026-02-31) rolls over as Foundation rolls it.
        return addingByCalendar(days: days)
    }

    /// `adding(days:)` through Foundation's calendar: what the arithmetic stands in for, and
    /// what a day outside `civilYears` or not a date gets.
    func addingByCalendar(days: Int) -> LocalDay {
        let calendar = Self.utcCalendar
        guard let noon = calendar.date(from: DateComponents(year: year, month: month, day: day, hour: 12)),
            let moved = calendar.date(byAdding: .day, value: days, to: noon)
        else { return self }
        let parts = calendar.dateComponents([.year, .month, .day], from: moved)
        guard let year = parts.year, let month = parts.month, let day = parts.day else { return self }
        return LocalDay(year: year, month: month, day: day)
    }

    /// Whole days from `self` to `other`.
    public func days(until other: LocalDay) -> Int {
        if let from = civilDays, let to = other.civilDays {
            return to - from
        }
        return daysByCalendar(until: other)
    }

    /// `days(until:)` through Foundation's calendar.
    func daysByCalendar(until other: LocalDay) -> Int {
        let calendar = Self.utcCalendar
        guard let from = calendar.date(from: DateComponents(year: year, month: month, day: day, hour: 12)),
            let to = calendar.date(from: DateComponents(year: other.year, month: other.month, day: other.day, hour: 12))
        else { return 0 }
        return Int(((to.timeIntervalSince1970 - from.timeIntervalSince1970) / 86400).rounded())
    }

    /// The first instant of the day in `zone`.
    public func midnight(in zone: CivilZone) -> Double? {
        // A day that is not a date (2026-02-31) is the one it rolls over to.
        let date = CivilCalendar.daysSinceEpoch(self) == nil ? adding(days: 0) : self
        return CivilCalendar.startOfDay(date, in: zone).map(Double.init)
    }

    /// Foundation's Gregorian calendar in UTC (a fixed offset: no zone file needed).
    static var utcCalendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        return calendar
    }
}
