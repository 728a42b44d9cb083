/// One observation of a place's air, as Open-Meteo reports it. Missing values are nil (no data),
/// never zero.
public struct Reading: Sendable, Hashable, Codable {
    /// When the values were observed, as Open-Meteo writes it (`2026-08-20T14:00`, in the
    /// response's time zone, GMT by default).
    public var time: String
    /// Open-Meteo's own US AQI (not EPA-exact; see the AQI calculator), nil when missing.
    public var usAQI: Int?
    /// Concentrations in µg/m³ (Open-Meteo's unit for all six, CO included).
    public var concentrations: [Pollutant: Double]
    /// Open-Meteo's per-pollutant US AQI sub-indices (`us_aqi_pm2_5`, …), when asked for.
    public var subIndices: [Pollutant: Int]

    public init(
        time: String, usAQI: Int?, concentrations: [Pollutant: Double],
        subIndices: [Pollutant: Int] = [:]
    ) {
        self.time = time
        self.usAQI = usAQI
        self.concentrations = concentrations
        self.subIndices = subIndices
    }

    /// The pollutant with the highest sub-index (the first in `Pollutant.allCases` on a tie),
    /// nil without sub-indices.
    public var dominantPollutant: Pollutant? {
        var best: (pollutant: Pollutant, index: Int)?
        for pollutant in Pollutant.allCases {
            guard let index = subIndices[pollutant] else { continue }
            if best == nil || index > best!.index { best = (pollutant, index) }
        }
        return best?.pollutant
    }
}
