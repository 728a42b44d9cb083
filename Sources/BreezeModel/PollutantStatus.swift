/// How a single pollutant's concentration rates against EPA's Good and Moderate limits.
public enum PollutantStatus: String, CaseIterable, Sendable, Codable, Hashable {
    /// At or below the good limit.
    case good
    /// Above the good limit, at or below the moderate limit.
    case moderate
    /// Above the moderate limit.
    case unhealthy
}

extension Pollutant {
    /// The top of EPA's Good category (AQI 50) in µg/m³, the unit Open-Meteo reports.
    ///
    /// Gas limits are the 2024 EPA breakpoints converted at 25 °C (µg/m³ = ppb × MW / 24.45).
    public var goodLimit: Double {
        switch self {
        case .pm2_5: 9.0  // 9.0 µg/m³, PM2.5 24-hour (2024; was 12.0 before 6 May 2024)
        case .pm10: 54  // 54 µg/m³, PM10 24-hour
        case .no2: limit(partsPerBillion: 53)  // 53 ppb NO₂ 1-hour ≈ 99.7 µg/m³
        case .so2: limit(partsPerBillion: 35)  // 35 ppb SO₂ 1-hour ≈ 91.7 µg/m³
        case .o3: limit(partsPerBillion: 54)  // 0.054 ppm O₃ 8-hour ≈ 106.0 µg/m³
        case .co: limit(partsPerBillion: 4400)  // 4.4 ppm CO 8-hour ≈ 5040.7 µg/m³
        }
    }

    /// The top of EPA's Moderate category (AQI 100) in µg/m³, converted as for `goodLimit`.
    public var moderateLimit: Double {
        switch self {
        case .pm2_5: 35.4  // 35.4 µg/m³, PM2.5 24-hour
        case .pm10: 154  // 154 µg/m³, PM10 24-hour
        case .no2: limit(partsPerBillion: 100)  // 100 ppb NO₂ 1-hour ≈ 188.2 µg/m³
        case .so2: limit(partsPerBillion: 75)  // 75 ppb SO₂ 1-hour ≈ 196.5 µg/m³
        case .o3: limit(partsPerBillion: 70)  // 0.070 ppm O₃ 8-hour ≈ 137.4 µg/m³
        case .co: limit(partsPerBillion: 9400)  // 9.4 ppm CO 8-hour ≈ 10768.7 µg/m³
        }
    }

    /// The status of `microgramsPerCubicMetre` of this pollutant: good up to and including
    /// `goodLimit`, moderate up to and including `moderateLimit`, unhealthy above.
    public func status(microgramsPerCubicMetre value: Double) -> PollutantStatus {
        if value <= goodLimit { return .good }
        if value <= moderateLimit { return .moderate }
        return .unhealthy
    }

    private func limit(partsPerBillion value: Double) -> Double {
        convert(value, from: .partsPerBillion, to: .microgramsPerCubicMetre)!
    }
}
