import BreezeModel

/// A sensor's NowCast from its hourly means (`SensorHours.nowCast(now:)`): EPA's PM2.5
/// NowCast and its sub-index, or why there is none.
public enum SensorNowCast: Sendable, Hashable {
    /// The NowCast concentration (µg/m³, before truncation) and its PM2.5 sub-index.
    case rated(concentration: Double, subIndex: SubIndex)
    /// No NowCast, and why, as BreezeModel's `TooFewHours` says it: "PM2.5 NowCast: 1 of the
    /// 3 newest hours present, 2 required".
    case unrated(String)

    /// The AQI of the NowCast (BreezeModel's `SubIndex.aqi`): nil without a NowCast and
    /// beyond the AQI (above 500), where a number is never made up.
    public var aqi: Int? {
        guard case .rated(_, let subIndex) = self else { return nil }
        return subIndex.aqi
    }

    /// The AQI the sensor rates its city at: `aqi`, or 500 (the top of the scale, Hazardous)
    /// beyond the AQI. Smoke past the table must not hand the city over to a model that lags
    /// it; the sensor's own record keeps `reason`, which says the value is beyond the AQI.
    public var alertingAQI: Int? {
        guard case .rated(_, let subIndex) = self else { return nil }
        return subIndex.aqi ?? ReportedValue.aqiScale.upperBound
    }

    /// The NowCast concentration in µg/m³; nil without one.
    public var concentration: Double? {
        guard case .rated(let concentration, _) = self else { return nil }
        return concentration
    }

    /// Why `aqi` is nil, in one sentence: too few hours, or "PM2.5 NowCast is beyond the AQI
    /// (above 500): 612.3 µg/m³"; nil when `aqi` is a number.
    public var reason: String? {
        switch self {
        case .unrated(let reason):
            return reason
        case .rated(_, let subIndex):
            guard subIndex.aqi == nil else { return nil }
            let value = subIndex.truncated.description(minimumFractionDigits: 1)
            return "\(Pollutant.pm2_5.label) NowCast is beyond the AQI (above 500): \(value) µg/m³"
        }
    }
}
