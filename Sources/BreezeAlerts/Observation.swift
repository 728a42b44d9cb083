import BreezeModel
import BreezeVocabulary

/// One reading of a city as the alert state machine sees it.
public struct Observation: Sendable, Equatable {
    /// The US AQI, nil when the source had no data or a value off the scale (negative, or beyond
    /// the AQI: above 500), which never rates as Hazardous.
    public var aqi: Int?
    /// Concentrations in µg/m³; a missing pollutant is absent, never zero.
    public var concentrations: [Pollutant: Double]
    /// The pollutant giving the AQI, when known.
    public var dominantPollutant: Pollutant?
    /// When the values were observed (read once from the source's text).
    public var observedAt: ObservationTime
    /// Where `aqi` came from, when known.
    public var aqiSource: AQISource?
    /// The averaged concentrations the AQI's sub-indices were rated from (µg/m³), if any.
    public var averages: [Pollutant: Double] = [:]
    /// Open-Meteo's own `us_aqi` beside `aqi`, nil when not known.
    public var openMeteoAQI: Int?

    public init(
        aqi: Int?, concentrations: [Pollutant: Double] = [:], dominantPollutant: Pollutant? = nil,
        observedAt: ObservationTime, aqiSource: AQISource? = nil
    ) {
        self.aqiSource = aqiSource
        self.aqi = aqi.flatMap { ReportedValue.aqiScale.contains($0) ? $0 : nil }
        self.concentrations = concentrations
        self.dominantPollutant = dominantPollutant
        self.observedAt = observedAt
    }

    /// The band of the AQI, nil for no data.
    public var band: Band? { aqi.flatMap(Band.init(aqi:)) }

    /// Whether there is anything to judge: an AQI or at least one concentration.
    public var hasData: Bool { aqi != nil || !concentrations.isEmpty }
}
