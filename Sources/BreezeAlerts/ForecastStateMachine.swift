import BreezeModel
import BreezeVocabulary

/// Forecast ("Action Day") alerts, pure: per city and coming local day, decided at the first
/// poll at or after `ForecastRule.decideAtMinute` local time on the day `ForecastRule.days`
/// before it, a `forecast` event when the day's peak AQI reaches the threshold; later polls send
/// an update only when the forecast is a band worse than announced, and a `forecastCleared`
/// when it falls below the threshold again. A day the forecast does not reach, or only partly,
/// changes nothing: never guessed. Independent of the current-air state (`AlertStateMachine`).
public enum ForecastStateMachine {
    /// What one evaluation found about one day, for the journal.
    public struct DayReport: Sendable, Equatable {
        public var day: LocalDay
        public var outcome: ForecastDay.Outcome
    }

    /// The result of one evaluation.
    public struct Evaluation: Sendable, Equatable {
        public var state: CityForecastState
        public var events: [AlertEvent]
        /// Each day in the decision window, with what the forecast says about it.
        public var days: [DayReport]
    }

    /// Evaluates `series` (nil: this poll brought no forecast) for `city` at `now`.
    public static func evaluate(
        _ series: ForecastSeries?, city: City, rule: ForecastRule, state: CityForecastState, now: Instant
    ) -> Evaluation {
        evaluate(outlook: series.map { ForecastOutlook($0, rule: rule, now: now) }, city: city, rule: rule, state: state, now: now)
    }

    /// The same from the series' outlook for `rule` at this `now` (`ForecastOutlook`, made
    /// for the same rule and `now`: its days are the window).
    public static func evaluate(
        outlook: ForecastOutlook?, city: City, rule: ForecastRule, state: CityForecastState, now: Instant
    ) -> Evaluation {
        let window: [LocalDay]
        if let outlook {
            guard outlook.hasToday else { return Evaluation(state: state, events: [], days: []) }
            window = outlook.days.map(\.day)
        } else {
            guard let today = LocalDay(now, in: rule.timeZone) else {
                return Evaluation(state: state, events: [], days: [])
            }
            // `today` is `now`'s day: its midnight gives the minute, without finding the day again.
            window = decidedDays(today: today, minute: minuteOfDay(now, today: today, in: rule), rule: rule)
        }
        // Days that have begun, or left the window (`ForecastDays=` lowered), are forgotten.
        var kept = state.days.filter { saved in LocalDay(text: saved.day).map(window.contains) ?? false }
        var events: [AlertEvent] = []
        var reports: [DayReport] = []
        guard let outlook else { return Evaluation(state: CityForecastState(days: kept), events: [], days: []) }
        for report in outlook.days {
            let day = report.day
            let outcome = report.outcome
            reports.append(report)
            let index = kept.firstIndex { $0.day == day.description }
            var saved = index.map { kept[$0] } ?? CityForecastState.DayState(day: day.description)
            guard case .rated(let rating) = outcome, let peak = peak(rating) else {
                if index == nil { kept.append(saved) }
                continue
            }
            let reaches = peak.aqi >= rule.threshold
            var kind: AlertEventKind?
            if reaches, saved.announcedBand.map({ peak.band > $0 }) ?? true {
                kind = .forecast
            } else if !reaches, saved.announcedBand != nil {
                kind = .forecastCleared
            }
            if kind == .forecastCleared, !rule.sendCleared {
                // SendResolved=no: the day is no longer announced, and nobody is told.
                saved.announcedBand = nil
                kind = nil
            }
            if let kind {
                saved.events += 1
                events.append(
                    event(
                        kind, day: day, rating: rating, peak: peak, previous: saved.announcedBand,
                        number: saved.events, city: city, rule: rule, now: now))
                saved.announcedBand = kind == .forecast ? peak.band : nil
            }
            if let index { kept[index] = saved } else { kept.append(saved) }
        }
        kept.sort { $0.day < $1.day }
        return Evaluation(state: CityForecastState(days: kept), events: events, days: reports)
    }

    /// The coming days whose heads-up has been decided by `now`: tomorrow up to `rule.days`
    /// ahead, the farthest from `decideAtMinute` on.
    public static func decidedDays(today: LocalDay, now: Instant, rule: ForecastRule) -> [LocalDay] {
        let minute = LocalDay(now, in: rule.timeZone).map { minuteOfDay(now, today: $0, in: rule) } ?? 0
        return decidedDays(today: today, minute: minute, rule: rule)
    }

    /// `decidedDays(today:now:rule:)` at `minute` past local midnight.
    static func decidedDays(today: LocalDay, minute: Int, rule: ForecastRule) -> [LocalDay] {
        let farthest = minute >= rule.decideAtMinute ? rule.days : rule.days - 1
        guard farthest >= 1 else { return [] }
        return (1...farthest).map { today.adding(days: $0) }
    }

    /// The peak as an AQI number and band: beyond the AQI counts as 501, Hazardous; an
    /// undetermined peak is no peak.
    static func peak(_ rating: DailyAirQuality) -> (aqi: Int, band: Band)? {
        if let aqi = rating.peakAQI, let band = rating.band { return (aqi, band) }
        if rating.index.isBeyondTheAQI { return (501, .hazardous) }
        return nil
    }

    /// The minutes since `today`'s midnight (`today` being `now`'s local day in the rule's zone).
    static func minuteOfDay(_ now: Instant, today: LocalDay, in rule: ForecastRule) -> Int {
        guard let midnight = today.midnight(in: rule.timeZone) else { return 0 }
        return Int(((now.unixSeconds - midnight) / 60).rounded(.down))
    }

    static func event(
        _ kind: AlertEventKind, day: LocalDay, rating: DailyAirQuality, peak: (aqi: Int, band: Band),
        previous: Band?, number: Int, city: City, rule: ForecastRule, now: Instant
    ) -> AlertEvent {
        var event = AlertEvent(
            id: EventIdentifier.forecast(city: city.name, day: day.description, number: number, kind: kind),
            kind: kind, city: city, aqi: peak.aqi, band: peak.band, previousBand: previous,
            dominantPollutant: rating.dominant?.pollutant, concentrations: [:], pollutantsOverLimit: [],
            observedAt: ObservationTime(now), createdAt: now)
        event.thread = EventIdentifier.forecastThread(city: city.name, day: day.description)
        event.forecast = ForecastDetails(
            day: day.description, hoursAboveThreshold: rating.hoursAboveThreshold, threshold: rule.threshold,
            dominant: rating.dominant,
            dayEndsAt: day.next.midnight(in: rule.timeZone).map(Instant.init(unixSeconds:)))
        return event
    }
}
