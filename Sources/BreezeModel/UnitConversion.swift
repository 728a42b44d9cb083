// Gas conversions at 25 °C and 1 atm, where one mole of gas fills 24.45 litres:
// ppb = µg/m³ × 24.45 / molecular weight; 1 ppm = 1000 ppb.

extension Pollutant {
    /// Whether the pollutant is a gas, so that ppb and ppm apply to it (PM is measured by mass only).
    // Not `molecularWeight != nil`: that converts Int128 to Double (a slow generic path) on
    // every exact conversion, a quarter of the time an hourly AQI takes.
    public var isGas: Bool { molecularWeightHundredths != nil }

    /// Whether a concentration of this pollutant can be written in `unit`.
    public func accepts(_ unit: ConcentrationUnit) -> Bool {
        unit == .microgramsPerCubicMetre || isGas
    }

    /// `value` in `from` converted to `to`, at 25 °C and 1 atm; nil when either unit does not
    /// apply (ppb or ppm for particles).
    public func convert(_ value: Double, from: ConcentrationUnit, to: ConcentrationUnit) -> Double? {
        guard let source = partsPerBillionFactor(from), let target = partsPerBillionFactor(to) else {
            return nil
        }
        let sourceValue = Double(source.numerator) / Double(source.denominator)
        let targetValue = Double(target.numerator) / Double(target.denominator)
        return value * sourceValue / targetValue
    }

    /// `concentration` converted exactly to `unit`; nil when either unit does not apply.
    func exactValue(of concentration: Concentration, in unit: ConcentrationUnit) -> ExactRatio? {
        guard let source = partsPerBillionFactor(concentration.unit),
            let target = partsPerBillionFactor(unit)
        else { return nil }
        return ExactRatio(concentration.value)
            .multiplied(by: source.numerator * target.denominator, over: source.denominator * target.numerator)
    }

    /// How many ppb one `unit` is, as a fraction; µg/m³ of PM gives 1 (no conversion happens).
    func partsPerBillionFactor(_ unit: ConcentrationUnit) -> (numerator: Int128, denominator: Int128)? {
        switch unit {
        case .microgramsPerCubicMetre:
            guard let hundredths = molecularWeightHundredths else { return (1, 1) }
            return (2445, hundredths)  // 24.45 / MW, both in hundredths
        case .partsPerBillion: return isGas ? (1, 1) : nil
        case .partsPerMillion: return isGas ? (1000, 1) : nil
        }
    }
}
