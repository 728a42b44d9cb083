import BreezeModel

/// The checks every number a sensor reports goes through before it is used: `ReportedValue`'s
/// rules (not a number, negative, above 10⁹) for a concentration, 0–100 % for a humidity, and
/// a string where a number belongs is "not a number". A failed check is the sample's
/// `invalidReason`, naming the field: "pm2_5_cf_1_b is not a number".
enum SensorNumbers {
    /// The concentration (µg/m³) `field` holds, or why it is none. sensor.community writes every
    /// value as a string: `numericText` reads those ("7.45") as numbers.
    static func concentration(_ value: SensorBody, field: String, numericText: Bool = false) -> Result<Double, SensorFailure> {
        number(value, field: field, numericText: numericText).flatMap { number in
            ReportedValue.concentration(number, variable: field).mapError { SensorFailure($0.description) }
        }
    }

    /// The relative humidity (%) `field` holds, or why it is none: off 0–100 % is no humidity
    /// (EPA's cleaning drops such records; the correction would be extrapolated).
    static func humidity(_ value: SensorBody, field: String, numericText: Bool = false) -> Result<Double, SensorFailure> {
        concentration(value, field: field, numericText: numericText).flatMap { humidity in
            humidity <= 100 ? .success(humidity) : .failure(SensorFailure("\(field) \(text(humidity)) is above 100 %"))
        }
    }

    /// Any finite number `field` holds (a time, a period), or why it is none.
    static func number(_ value: SensorBody, field: String, numericText: Bool = false) -> Result<Double, SensorFailure> {
        let number: Double?
        switch value {
        case .number(let written): number = written
        case .text(let written) where numericText: number = Double(written.trimmingASCIISpaces)
        default: number = nil
        }
        guard let number, number.isFinite else { return .failure(SensorFailure("\(field) is not a number")) }
        return .success(number)
    }

    /// `value` in a reason: `150`, `100.5`.
    static func text(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}

extension String {
    /// Without leading and trailing ASCII spaces, tabs and line ends (AirNow's `dateObserved`
    /// may end in a space; sensor.community's values should not, but could).
    var trimmingASCIISpaces: String {
        var scalars = Substring(self).unicodeScalars
        let blank: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" }
        while let first = scalars.first, blank(first) { scalars.removeFirst() }
        while let last = scalars.last, blank(last) { scalars.removeLast() }
        return String(scalars)
    }
}
