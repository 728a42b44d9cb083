/// EPA's NowCast: the "current" PM concentration AirNow reports, from up to 12 hourly values.
public enum NowCast {
    /// The NowCast of `hourly` (µg/m³, newest first, nil for a missing hour; values past the
    /// twelfth are ignored), or nil when fewer than two of the three newest hours are present.
    ///
    /// Weight factor w = min / max over the available hours, raised to at least 0.5 (the PM
    /// rule); NowCast = Σ wⁱ⁻¹·cᵢ / Σ wⁱ⁻¹ over available hours i, a missing hour keeping its
    /// place in the exponent. All-zero hours give 0.
    public static func concentration(hourly: [Double?]) -> Double? {
        concentration(newestFirst: hourly)
    }

    /// `concentration(hourly:)` of any collection of hours, newest first: an array, or a
    /// `TrailingHours` view of a column that copies nothing. One body for both, so a series
    /// rated in one pass gets the very same binary result as an hour rated alone.
    static func concentration<Hours: RandomAccessCollection<Double?>>(newestFirst hourly: Hours) -> Double?
    where Hours.Index == Int {
        // Loops over indices rather than compactMap/min/max or slices: nothing built, as this
        // runs for every hour of a backtest.
        let hours = hourly.startIndex..<(hourly.startIndex + min(12, hourly.count))
        var recent = 0
        for index in hours.prefix(3) where hourly[index] != nil { recent += 1 }
        guard recent >= 2 else { return nil }
        var minimum = Double.infinity
        var maximum = -Double.infinity
        for index in hours {
            guard let value = hourly[index] else { continue }
            minimum = min(minimum, value)
            maximum = max(maximum, value)
        }
        guard maximum > 0 else { return 0 }
        let weightFactor = max(minimum / maximum, 0.5)
        var weightedSum = 0.0
        var weightSum = 0.0
        var weight = 1.0
        for index in hours {
            if let value = hourly[index] {
                weightedSum += weight * value
                weightSum += weight
            }
            weight *= weightFactor
        }
        return weightedSum / weightSum
    }

    /// The NowCast of `hourly` rated through `key`'s 24-hour table (`key` must be `.pm2_5` or
    /// `.pm10`); nil when the NowCast is nil.
    ///
    /// The average is binary arithmetic, so before truncation it is rounded to 6 decimals: twelve
    /// hours of 35.9 must stay 35.9, not become 35.89999… and drop a truncation step.
    public static func subIndex(_ key: AQIKey, hourly: [Double?]) -> SubIndex? {
        subIndex(key, newestFirst: hourly)
    }

    /// `subIndex(_:hourly:)` of any collection of hours, newest first (a `TrailingHours` view).
    static func subIndex<Hours: RandomAccessCollection<Double?>>(_ key: AQIKey, newestFirst hourly: Hours) -> SubIndex?
    where Hours.Index == Int {
        precondition(key == .pm2_5 || key == .pm10, "NowCast applies to PM2.5 and PM10 only")
        guard let value = concentration(newestFirst: hourly),
            let decimal = ExactDecimal(value, roundedToFractionDigits: 6)
        else { return nil }
        return try? SubIndex(key: key, concentration: Concentration(decimal, .microgramsPerCubicMetre))
    }
}
