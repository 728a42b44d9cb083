/// Which AQI the alerts of a city are meant to compare with its threshold (`AQISource=`).
public enum AQISource: String, Sendable, Equatable, CaseIterable {
    /// EPA's NowCast and short averages from the hourly concentrations, as AirNow reports
    /// the current AQI (the default).
    case nowcast
    /// Open-Meteo's own `us_aqi` (24-hour PM means; lags behind sudden smoke).
    case openMeteo = "open-meteo"
}
