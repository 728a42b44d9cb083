/// The plausibility rules for numbers a source (Open-Meteo, a file) reports: what is data and,
/// when a value is not, the sentence that says why. Every untrusted number becomes data here or
/// is dropped with a reason; nothing converts it unchecked (1e19, 1e300, -5 and NaN all arrive).
public enum ReportedValue {
    /// The US AQI scale. EPA defines nothing above 500 ("beyond the AQI"), and Open-Meteo's
    /// extrapolation past it cannot be told from a broken value, so a larger AQI is no data.
    public static let aqiScale = 0...500

    /// An AQI or sub-index (`variable` names it in the reason) as a whole number on the scale,
    /// or why it is no data: not a number, negative, or beyond the AQI scale.
    public static func aqi(_ value: Double, variable: String) -> Result<Int, DroppedValue> {
        guard value.isFinite else { return .failure(DroppedValue("\(variable) is not a number")) }
        guard value >= 0 else { return .failure(DroppedValue("\(variable) \(text(value)) is negative")) }
        let rounded = value.rounded()
        guard rounded <= Double(aqiScale.upperBound) else {
            return .failure(
                DroppedValue(
                    "\(variable) \(text(value)) is beyond the AQI scale "
                        + "(\(aqiScale.lowerBound)–\(aqiScale.upperBound))"))
        }
        return .success(Int(rounded))
    }

    /// 10⁹ (µg/m³, grains/m³) is 1 kg/m³ of one pollutant, nearly the density of air itself
    /// (1.18 kg/m³ at 25 °C): a larger value is a broken one, not air. Far above every AQI
    /// table's top (the highest, CO, ends at 50.4 ppm ≈ 57,700 µg/m³), so no real value is dropped.
    public static let largestConcentration = 1e9

    /// A concentration (`variable` names it), or why it is no data: not a number, negative, or
    /// above `largestConcentration`.
    public static func concentration(_ value: Double, variable: String) -> Result<Double, DroppedValue> {
        guard value.isFinite else { return .failure(DroppedValue("\(variable) is not a number")) }
        guard value >= 0 else { return .failure(DroppedValue("\(variable) \(text(value)) is negative")) }
        guard value <= largestConcentration else {
            return .failure(DroppedValue("\(variable) \(text(value)) is above 10⁹, more than air can hold"))
        }
        return .success(value)
    }

    /// `value` as written in a reason: `-5`, `1e+19`, `501.5`.
    static func text(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}

/// Why a reported value was dropped, as one sentence: `us_aqi 10000 is beyond the AQI scale (0–500)`.
public struct DroppedValue: Error, Sendable, Hashable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) { self.description = description }
}

extension Int {
    /// `value` rounded to the nearest whole number, or nil when it is not a number or beyond
    /// `Int`'s range (where `Int(_:)` would trap).
    public init?(roundingChecked value: Double) {
        let rounded = value.rounded()
        // 2^63 is the first Double past Int.max; every finite Double below it converts.
        guard rounded.isFinite, rounded >= -9.223_372_036_854_775_808e18, rounded < 9.223_372_036_854_775_808e18
        else { return nil }
        self.init(rounded)
    }

    /// Nanoseconds in `seconds`, for a timer: clamped to 0…`Int.max` (about 292 years), 0 for NaN.
    public init(nanosecondsClamping seconds: Double) {
        let nanoseconds = seconds * 1e9
        guard nanoseconds > 0 else {
            self = 0
            return
        }
        self = Int(roundingChecked: nanoseconds) ?? .max
    }
}
