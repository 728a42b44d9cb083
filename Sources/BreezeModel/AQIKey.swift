/// A pollutant over one averaging period: the inputs of the EPA AQI calculator.
///
/// The raw values are the keys `breezectl aqi` accepts (`o3_1h=0.162ppm`).
public enum AQIKey: String, CaseIterable, Sendable, Codable, Hashable, Comparable {
    /// PM2.5, 24-hour average (or its NowCast).
    case pm2_5
    /// PM10, 24-hour average (or its NowCast).
    case pm10
    /// Ozone, 8-hour average.
    case o3
    /// Ozone, 1-hour average; defines an AQI only from 0.125 ppm (101) up.
    case o3_1h
    /// Carbon monoxide, 8-hour average.
    case co
    /// Nitrogen dioxide, 1-hour average.
    case no2
    /// Sulphur dioxide, 1-hour average; defines an AQI only up to 304 ppb (200).
    case so2
    /// Sulphur dioxide, 24-hour average; defines an AQI only from 305 ppb (201) up.
    case so2_24h

    /// The pollutant measured.
    public var pollutant: Pollutant {
        switch self {
        case .pm2_5: .pm2_5
        case .pm10: .pm10
        case .o3, .o3_1h: .o3
        case .co: .co
        case .no2: .no2
        case .so2, .so2_24h: .so2
        }
    }

    /// The averaging period, as people write it: "24-hour", "8-hour", "1-hour".
    public var averagingPeriod: String {
        switch self {
        case .pm2_5, .pm10, .so2_24h: "24-hour"
        case .o3, .co: "8-hour"
        case .o3_1h, .no2, .so2: "1-hour"
        }
    }

    /// The unit of EPA's breakpoint table for this key; concentrations are converted to it.
    public var tableUnit: ConcentrationUnit {
        switch self {
        case .pm2_5, .pm10: .microgramsPerCubicMetre
        case .o3, .o3_1h, .co: .partsPerMillion
        case .no2, .so2, .so2_24h: .partsPerBillion
        }
    }

    /// How many decimals of `tableUnit` survive truncation: O₃ 0.001 ppm, PM2.5 0.1 µg/m³,
    /// PM10 1 µg/m³, CO 0.1 ppm, NO₂ and SO₂ 1 ppb.
    public var truncationFractionDigits: Int {
        switch self {
        case .o3, .o3_1h: 3
        case .pm2_5, .co: 1
        case .pm10, .no2, .so2, .so2_24h: 0
        }
    }

    /// The other averaging period of the same pollutant, which takes over where this key's
    /// table ends (8-hour ↔ 1-hour O₃, 1-hour ↔ 24-hour SO₂).
    public var alternative: AQIKey? {
        switch self {
        case .o3: .o3_1h
        case .o3_1h: .o3
        case .so2: .so2_24h
        case .so2_24h: .so2
        default: nil
        }
    }

    /// "PM2.5 24-hour", "O₃ 1-hour".
    public var label: String { "\(pollutant.label) \(averagingPeriod)" }

    /// Orders keys as `allCases` lists them.
    public static func < (lhs: AQIKey, rhs: AQIKey) -> Bool {
        lhs.position < rhs.position
    }

    // A switch, not `allCases.firstIndex`: that builds an array for every comparison, and every
    // hour of a backtest sorts sub-indices.
    /// The key's place in `allCases`, 0…7.
    var position: Int {
        switch self {
        case .pm2_5: 0
        case .pm10: 1
        case .o3: 2
        case .o3_1h: 3
        case .co: 4
        case .no2: 5
        case .so2: 6
        case .so2_24h: 7
        }
    }
}
