import BreezeAlerts
import BreezeConfig
import BreezeModel
import BreezeOpenMeteo
import BreezeState
import BreezeSystem
import BreezeVocabulary
import FoundationEssentials

/// The forecast alerts' step of a poll cycle, after `PollCycle` and before `OutboxHandOff`:
/// each city's forecast state advanced by the hourly forecast its answer brought, its events
/// added to the cycle's (so they reach the outbox, or are raised again, like any other).
enum ForecastCycle {
    /// The forecasts of `polled`, by city name: each city's in `reduced` (by index, as
    /// `ForecastReduction` made them) when there is one, else its whole series.
    static func forecasts(
        _ polled: [Result<CityPoll, SourceFailure>], reduced: [PolledForecast?] = [], cities: [WatchedCity]
    ) -> [String: PolledForecast] {
        var forecasts: [String: PolledForecast] = [:]
        for (index, watched) in cities.enumerated() where index < polled.count {
            guard case .success(let conditions) = polled[index] else { continue }
            if index < reduced.count, let reduced = reduced[index] {
                forecasts[watched.city.name] = reduced
            } else if let forecast = conditions.forecast {
                forecasts[watched.city.name] = PolledForecast(series: forecast)
            }
        }
        return forecasts
    }

    /// Evaluates every configured city's forecast (a city with `ForecastThreshold=off` forgets
    /// its forecast days); logs once per day a day the forecast does not rate. The rules come
    /// from `reduction` when it made them (the same, made once).
    static func run(
        _ summary: inout CycleSummary, state: inout DaemonState, configuration: Configuration, logger: any Logger,
        now: Instant, reduction: ForecastReduction? = nil
    ) {
        for (index, city) in configuration.cities.enumerated() {
            let name = city.city.name
            guard var record = state.cities[name] else { continue }
            let made = reduction?.rule(at: index, named: name)
            guard let rule = made ?? ForecastRule(city) else {
                record.forecast = nil
                state.cities[name] = record
                continue
            }
            let before = record.forecast
            let evaluation = ForecastStateMachine.evaluate(
                outlook: summary.forecasts[name]?.outlook(rule: rule, now: now), city: record.city, rule: rule,
                state: before ?? CityForecastState(), now: now)
            let known = Set((before?.days ?? []).map(\.day))
            for report in evaluation.days where !known.contains(report.day.description) {
                if let record = unrated(report, city: record.city, problems: summary.forecasts[name]?.problems ?? []) {
                    logger.log(record)
                }
            }
            if !evaluation.events.isEmpty { summary.forecastsBefore[name] = before }
            record.forecast = evaluation.state
            state.cities[name] = record
            summary.events += evaluation.events
        }
    }


    /// The record of a day the forecast does not rate (beyond its horizon, hours missing), nil
    /// for a rated day.
    static func unrated(_ report: ForecastStateMachine.DayReport, city: City, problems: [String]) -> LogRecord? {
        let why: String
        switch report.outcome {
        case .rated: return nil
        case .beyondTheForecastHorizon: why = "beyond the forecast horizon"
        case .incomplete(let missing): why = "incomplete (\(missing.map(String.init(describing:)).joined(separator: "; ")))"
        case .notALocalDay(let hours): why = "not a local day (\(hours) hours)"
        }
        var fields = [("BREEZE_CITY", city.name), ("BREEZE_FORECAST_DAY", report.day.description)]
        if !problems.isEmpty { fields.append(("BREEZE_ERROR", problems.joined(separator: "; "))) }
        return LogRecord(.notice, "\(city.name): forecast for \(report.day) \(why); no forecast alert", fields: fields)
    }
}
