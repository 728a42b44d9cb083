/// A non-negative rational number for exact unit conversion and truncation.
///
/// 128-bit parts hold an `ExactDecimal` times any conversion factor used here without overflow.
struct ExactRatio: Sendable, Hashable {
    var numerator: Int128
    var denominator: Int128

    init(numerator: Int128, denominator: Int128) {
        precondition(denominator > 0)
        self.numerator = numerator
        self.denominator = denominator
    }

    init(_ decimal: ExactDecimal) {
        self.init(
            numerator: Int128(decimal.significand),
            denominator: Self.powerOfTen(decimal.fractionDigits))
    }

    /// This value times `numerator / denominator`.
    func multiplied(by numerator: Int128, over denominator: Int128) -> ExactRatio {
        ExactRatio(numerator: self.numerator * numerator, denominator: self.denominator * denominator)
    }

    /// The value truncated (toward zero) to `fractionDigits` decimals.
    func truncated(toFractionDigits fractionDigits: Int) -> ExactDecimal {
        let steps = numerator * Self.powerOfTen(fractionDigits) / denominator
        // Clamped: a value that large is far beyond the top of every AQI table anyway.
        return ExactDecimal(significand: Int64(clamping: steps), fractionDigits: fractionDigits)
    }

    static func powerOfTen(_ exponent: Int) -> Int128 {
        var result: Int128 = 1
        for _ in 0..<exponent { result *= 10 }
        return result
    }
}
