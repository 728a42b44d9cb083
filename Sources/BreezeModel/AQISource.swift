/// Which AQI the alerts of a city compare with its threshold (`AQISource=` in the
/// configuration; `BREEZE_AQI_SOURCE` in the journal).
public enum AQISource: String, Sendable, Hashable, CaseIterable, Codable {
    /// EPA's NowCast and short averages from the hourly concentrations, as AirNow reports
    /// the current AQI (the default).
    case nowcast
    /// Open-Meteo's own `us_aqi` (24-hour PM means; lags behind sudden smoke).
    case openMeteo = "open-meteo"
    /// The city's own outdoor sensors or AirNow's monitors (`[Sensor]`), when at least one has
    /// a NowCast: `AlertingAQI.sensor` says which, and the model's value beside. Never
    /// configured: `AQISource=` chooses the model the sensors fall back to.
    case sensor

    /// The values `AQISource=` accepts: the models.
    public static var allCases: [AQISource] { [.nowcast, .openMeteo] }
}
