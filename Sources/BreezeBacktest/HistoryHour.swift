import BreezeModel
import BreezeVocabulary

/// One hour of a city's history, as a source reported it: the values may be anything (missing,
/// NaN, negative, 1e300); the replay keeps only what `ReportedValue` accepts as data.
public struct HistoryHour: Sendable, Equatable {
    /// The start of the hour (Open-Meteo's hourly `time`).
    public var start: Instant
    /// The alerting AQI of the hour, as reported; nil when missing.
    public var aqi: Double?
    /// Concentrations in µg/m³, as reported; a missing pollutant is absent.
    public var concentrations: [Pollutant: Double]
    /// The pollutant giving the AQI, when known.
    public var dominantPollutant: Pollutant?
    /// The source's own text of the hour, read once (`ObservationTime(text)`); the replay uses
    /// it when it names `start`, and writes the hour itself otherwise — 200,000 hours of 100
    /// cities need not be formatted and parsed again for every source replayed.
    public var observedAt: ObservationTime?

    public init(
        start: Instant, aqi: Double?, concentrations: [Pollutant: Double] = [:],
        dominantPollutant: Pollutant? = nil, observedAt: ObservationTime? = nil
    ) {
        self.start = start
        self.aqi = aqi
        self.concentrations = concentrations
        self.dominantPollutant = dominantPollutant
        self.observedAt = observedAt
    }
}
