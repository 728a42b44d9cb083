/// A unit a pollutant concentration is written in.
public enum ConcentrationUnit: String, CaseIterable, Sendable, Codable, Hashable {
    /// Micrograms per cubic metre: Open-Meteo's unit for all six pollutants, CO included.
    case microgramsPerCubicMetre
    /// Parts per billion by volume (EPA's unit for NO₂ and SO₂).
    case partsPerBillion
    /// Parts per million by volume (EPA's unit for O₃ and CO).
    case partsPerMillion

    /// The usual symbol: `µg/m³`, `ppb`, `ppm`.
    public var symbol: String {
        switch self {
        case .microgramsPerCubicMetre: "µg/m³"
        case .partsPerBillion: "ppb"
        case .partsPerMillion: "ppm"
        }
    }
}

/// An amount of a pollutant in a unit, held exactly as written.
public struct Concentration: Sendable, Hashable, CustomStringConvertible {
    /// The number as given.
    public var value: ExactDecimal
    /// The unit `value` is in.
    public var unit: ConcentrationUnit

    /// `value` in `unit`.
    public init(_ value: ExactDecimal, _ unit: ConcentrationUnit) {
        self.value = value
        self.unit = unit
    }

    /// A value as Open-Meteo reports it (µg/m³), taken as the decimal it prints as; nil for
    /// NaN or infinity.
    public init?(microgramsPerCubicMetre value: Double) {
        guard let decimal = ExactDecimal(value) else { return nil }
        self.init(decimal, .microgramsPerCubicMetre)
    }

    /// `35.9 µg/m³`, `0.078 ppm`.
    public var description: String { "\(value) \(unit.symbol)" }
}
