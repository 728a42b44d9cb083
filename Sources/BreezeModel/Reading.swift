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

    public init(time: String, usAQI: Int?, concentrations: [Pollutant: Double]) {
        self.time = time
        self.usAQI = usAQI
        self.concentrations = concentrations
    }
}
