/// What one key's concentration gives on the AQI.
public enum SubIndexOutcome: Sendable, Hashable {
    /// An AQI value, 0…500.
    case index(Int)
    /// Above the top of the table (AQI 500): "beyond the AQI", deliberately not extrapolated.
    case beyondTheAQI
    /// Below where this averaging period defines anything (1-hour O₃ under 0.125 ppm, 24-hour
    /// SO₂ under 305 ppb): the other period rates such air.
    case belowDefinedRange
    /// Above where this averaging period defines anything (8-hour O₃ over 0.200 ppm, 1-hour SO₂
    /// over 304 ppb): the air is worse than the table's top, and only the other period can say by
    /// how much.
    case aboveDefinedRange
}

/// Why a concentration cannot be rated.
public enum AQIInputError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The concentration is below zero.
    case negativeConcentration(AQIKey)
    /// The unit does not apply to the pollutant (ppb or ppm of particles).
    case unitNotApplicable(AQIKey, ConcentrationUnit)

    /// A sentence naming the key.
    public var description: String {
        switch self {
        case .negativeConcentration(let key):
            "\(key.rawValue): a concentration cannot be negative"
        case .unitNotApplicable(let key, let unit):
            "\(key.rawValue): particles are measured in µg/m³, not \(unit.symbol)"
        }
    }
}

/// One key's concentration rated on the EPA AQI (2024 breakpoints).
///
/// The concentration is converted exactly (rational arithmetic, 25 °C) to the table's unit and
/// only then truncated, so `153 µg/m³` of O₃ is 0.07793… ppm, truncated to 0.077 ppm; values
/// already in the table's unit (all PM, `0.078ppm` of O₃) are never converted at all.
public struct SubIndex: Sendable, Hashable {
    /// What was rated.
    public let key: AQIKey
    /// The concentration as given.
    public let concentration: Concentration
    /// The concentration in `key.tableUnit`, truncated to the key's step.
    public let truncated: ExactDecimal
    /// The result.
    public let outcome: SubIndexOutcome

    /// Rates `concentration` for `key`; throws for a negative value or an inapplicable unit.
    public init(key: AQIKey, concentration: Concentration) throws(AQIInputError) {
        guard !concentration.value.isNegative else { throw .negativeConcentration(key) }
        guard let converted = key.pollutant.exactValue(of: concentration, in: key.tableUnit) else {
            throw .unitNotApplicable(key, concentration.unit)
        }
        self.key = key
        self.concentration = concentration
        truncated = converted.truncated(toFractionDigits: key.truncationFractionDigits)
        outcome = Self.rate(key: key, truncated: truncated)
    }

    /// The AQI value, or nil when the outcome is not a number.
    public var aqi: Int? {
        if case .index(let value) = outcome { return value }
        return nil
    }

    /// Whether the concentration is beyond the AQI (above 500).
    public var isBeyondTheAQI: Bool { outcome == .beyondTheAQI }

    /// A sentence for outcomes that are not a number; nil for a number.
    public var note: String? {
        let rows = BreakpointTable.rows(for: key)
        let bottom = tableValue(rows.first!.concentrations.lowerBound)
        let top = tableValue(rows.last!.concentrations.upperBound)
        switch outcome {
        case .index: return nil
        case .beyondTheAQI:
            return "beyond the AQI: above \(top)"
        case .belowDefinedRange:
            return "\(key.label) defines an AQI only from \(bottom)"
                + (key.alternative.map { "; use \($0.rawValue)" } ?? "")
        case .aboveDefinedRange:
            return "\(key.label) defines no AQI above \(top)"
                + (key.alternative.map { "; give \($0.rawValue) to rate it" } ?? "")
        }
    }

    /// A breakpoint counted in truncation steps, written in the table's unit: `0.200 ppm`.
    private func tableValue(_ steps: Int64) -> String {
        let digits = key.truncationFractionDigits
        let value = ExactDecimal(significand: steps, fractionDigits: digits)
        return "\(value.description(minimumFractionDigits: digits)) \(key.tableUnit.symbol)"
    }

    private static func rate(key: AQIKey, truncated: ExactDecimal) -> SubIndexOutcome {
        let scale = Self.tenToThe(key.truncationFractionDigits - truncated.fractionDigits)
        return rate(key: key, steps: truncated.significand * scale)
    }

    /// The outcome of a concentration counted in `key`'s truncation steps (0.001 ppm for O₃).
    static func rate(key: AQIKey, steps: Int64) -> SubIndexOutcome {
        let rows = BreakpointTable.rows(for: key)
        if steps < rows.first!.concentrations.lowerBound { return .belowDefinedRange }
        if let row = rows.first(where: { $0.concentrations.contains(steps) }) {
            return .index(row.index(steps: steps))
        }
        return BreakpointTable.topIsEndOfIndex(for: key) ? .beyondTheAQI : .aboveDefinedRange
    }

    private static func tenToThe(_ exponent: Int) -> Int64 {
        (0..<exponent).reduce(1) { power, _ in power * 10 }
    }
}
