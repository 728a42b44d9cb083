/// The six pollutants Breeze reads from Open-Meteo and rates.
public enum Pollutant: String, CaseIterable, Sendable, Codable, Hashable {
    case pm2_5
    case pm10
    case no2
    case so2
    case o3
    case co

    /// The variable name in Open-Meteo's air-quality API.
    public var openMeteoVariable: String {
        switch self {
        case .pm2_5: "pm2_5"
        case .pm10: "pm10"
        case .no2: "nitrogen_dioxide"
        case .so2: "sulphur_dioxide"
        case .o3: "ozone"
        case .co: "carbon_monoxide"
        }
    }
}
