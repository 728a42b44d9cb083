import BreezeVocabulary

/// One observation of a place's air, as Open-Meteo reports it. Missing values are nil (no data),
/// never zero.
public struct Reading: Sendable, Hashable, Codable {
    /// When the values were observed: the instant, read once from Open-Meteo's text
    /// (`2026-08-20T14:00`, in the response's time zone, GMT by default), and that text.
    public var time: ObservationTime
    /// Open-Meteo's own US AQI (not EPA-exact; see the AQI calculator), nil when missing.
    public var usAQI: Int?
    /// Concentrations in µg/m³ (Open-Meteo's unit for all six, CO included).
    public var concentrations: [Pollutant: Double]
    /// Open-Meteo's per-pollutant US AQI sub-indices (`us_aqi_pm2_5`, …), when asked for.
    public var subIndices: [Pollutant: Int]
    /// Values the source sent but that are not data, one sentence each ("pm10 came in 'ppm',
    /// expected 'μg/m³'", "us_aqi 10000 is beyond the AQI scale (0–500)"). Not persisted.
    public var droppedValues: [String] = []

    public init(
        time: ObservationTime, usAQI: Int?, concentrations: [Pollutant: Double],
        subIndices: [Pollutant: Int] = [:], droppedValues: [String] = []
    ) {
        self.time = time
        self.usAQI = usAQI
        self.concentrations = concentrations
        self.subIndices = subIndices
        self.droppedValues = droppedValues
    }

    // The dropped values explain one poll; the state keeps the reading without them.
    enum CodingKeys: String, CodingKey { case time, usAQI, concentrations, subIndices }

    /// The band of the AQI; nil without one or for a value off the scale (negative, beyond the
    /// AQI), which is no data and never Hazardous.
    public var band: Band? {
        usAQI.flatMap { ReportedValue.aqiScale.contains($0) ? Band(aqi: $0) : nil }
    }

    /// The pollutant with the highest sub-index (the first in `Pollutant.allCases` on a tie),
    /// nil without sub-indices, and nil when the AQI is above every sub-index there is: then a
    /// pollutant without one here (NO₂, SO₂ or CO, which the poll asks no sub-index of) drives
    /// it, and naming another would be untrue.
    public var dominantPollutant: Pollutant? {
        var best: (pollutant: Pollutant, index: Int)?
        for pollutant in Pollutant.allCases {
            guard let index = subIndices[pollutant] else { continue }
            if best == nil || index > best!.index { best = (pollutant, index) }
        }
        if let best, let usAQI, best.index < usAQI { return nil }
        return best?.pollutant
    }
}
