import BreezeModel
import BreezeVocabulary

/// What `ForecastStateMachine` reads of a city's hourly forecast at one `now`: the outcome of
/// each day in its decision window. Worked out as soon as the poll's batch is read, so the
/// hourly grid need not be kept until the forecast step (at 10,000 cities the grids would be
/// the largest thing in memory).
public struct ForecastOutlook: Sendable, Equatable {
    /// The decided days (`ForecastStateMachine.decidedDays`), in order, with their outcomes.
    public var days: [ForecastStateMachine.DayReport]
    /// Whether `now` had a local day in the rule's zone (without one nothing is decided).
    public var hasToday: Bool

    public init(days: [ForecastStateMachine.DayReport], hasToday: Bool = true) {
        self.days = days
        self.hasToday = hasToday
    }

    /// The outlook of `series` for `rule` at `now`: `series.forecast` of every decided day.
    public init(_ series: ForecastSeries, rule: ForecastRule, now: Instant) {
        guard let today = LocalDay(now, in: rule.timeZone) else {
            self.init(days: [], hasToday: false)
            return
        }
        self.init(
            days: ForecastStateMachine.decidedDays(
                today: today, minute: ForecastStateMachine.minuteOfDay(now, today: today, in: rule), rule: rule
            ).map { day in
                ForecastStateMachine.DayReport(
                    day: day, outcome: series.forecast(day, in: rule.timeZone, threshold: rule.threshold))
            })
    }
}
