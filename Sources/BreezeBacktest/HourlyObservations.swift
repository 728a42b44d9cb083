import BreezeAlerts
import BreezeModel
import BreezeVocabulary

/// A city's history laid on the hours of a span: per hour the observation the daemon would
/// have judged, or nil where it would have got nothing (the hour missing, or every value of it
/// not data). Built once, so each poll of an hour reuses the same observation.
struct HourlyObservations {
    var observations: [Observation?]
    /// Hours of the span without data.
    var missingHours = 0
    /// Values dropped by `ReportedValue` (not a number, negative, beyond the AQI scale).
    var droppedValues = 0
    /// Hours not placed: a time outside the span or not a time at all, or a second entry for
    /// an hour already given (the first one counts).
    var rejectedHours = 0

    init(_ history: [HistoryHour], span: HistorySpan) {
        observations = Array(repeating: nil, count: span.hours)
        var given = Array(repeating: false, count: span.hours)
        for hour in history {
            guard let index = span.hourIndex(hour.start), !given[index] else {
                rejectedHours += 1
                continue
            }
            given[index] = true
            observations[index] = observation(hour, start: span.start + .seconds(index * 3600))
        }
        missingHours = observations.reduce(0) { count, observation in count + (observation == nil ? 1 : 0) }
    }

    /// The hour as the daemon's poll cycle turns a reading into an observation; nil without data.
    private mutating func observation(_ hour: HistoryHour, start: Instant) -> Observation? {
        var aqi: Int?
        if let reported = hour.aqi {
            switch ReportedValue.aqi(reported, variable: "us_aqi") {
            case .success(let value): aqi = value
            case .failure: droppedValues += 1
            }
        }
        // Shared, not rebuilt, when every value is data: the common hour costs no new table.
        var concentrations = hour.concentrations
        for (pollutant, reported) in hour.concentrations {
            guard case .failure = ReportedValue.concentration(reported, variable: pollutant.openMeteoVariable)
            else { continue }
            concentrations[pollutant] = nil
            droppedValues += 1
        }
        guard aqi != nil || !concentrations.isEmpty else { return nil }
        return Observation(
            aqi: aqi, concentrations: concentrations, dominantPollutant: hour.dominantPollutant,
            observedAt: hour.observedAt.flatMap { $0.instant == start ? $0 : nil } ?? ObservationTime(start))
    }
}
