/// A decimal number held exactly: `significand × 10^−fractionDigits`.
///
/// Concentrations go through truncation and the EPA formula, whose breakpoints are decimal;
/// holding them as binary `Double`s would put `35.9` a hair below itself and move results at the
/// edges. Values are normalised (no trailing fractional zeros), so equal numbers compare equal.
public struct ExactDecimal: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The most fractional digits kept; digits beyond are dropped (truncated toward zero), far
    /// below any EPA truncation step.
    public static let maximumFractionDigits = 18

    /// The digits as an integer, sign included.
    public let significand: Int64
    /// How many of the significand's digits are after the decimal point, 0…18.
    public let fractionDigits: Int

    /// The number `significand × 10^−fractionDigits`; `fractionDigits` must be 0…18.
    public init(significand: Int64, fractionDigits: Int = 0) {
        precondition((0...Self.maximumFractionDigits).contains(fractionDigits))
        var significand = significand
        var fractionDigits = fractionDigits
        while fractionDigits > 0, significand % 10 == 0 {
            significand /= 10
            fractionDigits -= 1
        }
        self.significand = significand
        self.fractionDigits = fractionDigits
    }

    /// Parses plain decimal text: optional sign, digits with an optional point, optional
    /// exponent (`35.9`, `.5`, `-3`, `1e-5`). Nil for anything else (`nan`, `inf`, `1,5`, `""`)
    /// or a value whose digits do not fit 64 bits.
    public init?(_ text: some StringProtocol) {
        var characters = Array(text.unicodeScalars)[...]
        var negative = false
        if let sign = characters.first, sign == "-" || sign == "+" {
            negative = sign == "-"
            characters = characters.dropFirst()
        }
        var digits: [Int64] = []
        var fractionDigits = 0
        var seenPoint = false
        while let character = characters.first, character == "." || ("0"..."9").contains(character) {
            characters = characters.dropFirst()
            if character == "." {
                if seenPoint { return nil }
                seenPoint = true
            } else {
                digits.append(Int64(character.value - 48))
                if seenPoint { fractionDigits += 1 }
            }
        }
        guard !digits.isEmpty else { return nil }
        if let marker = characters.first, marker == "e" || marker == "E" {
            characters = characters.dropFirst()
            var exponentNegative = false
            if let sign = characters.first, sign == "-" || sign == "+" {
                exponentNegative = sign == "-"
                characters = characters.dropFirst()
            }
            guard !characters.isEmpty, characters.count <= 4,
                characters.allSatisfy({ ("0"..."9").contains($0) })
            else { return nil }
            let exponent = Int(String(String.UnicodeScalarView(characters)))!
            fractionDigits += exponentNegative ? exponent : -exponent
            characters = []
        }
        guard characters.isEmpty else { return nil }
        while fractionDigits > Self.maximumFractionDigits, !digits.isEmpty {
            digits.removeLast()
            fractionDigits -= 1
        }
        if fractionDigits > Self.maximumFractionDigits { fractionDigits = 0 }  // every digit dropped: zero
        if fractionDigits < 0 {
            digits += Array(repeating: 0, count: -fractionDigits)
            fractionDigits = 0
        }
        var significand: Int64 = 0
        for digit in digits {
            let (shifted, overflowShift) = significand.multipliedReportingOverflow(by: 10)
            let (sum, overflowSum) = shifted.addingReportingOverflow(digit)
            if overflowShift || overflowSum { return nil }
            significand = sum
        }
        self.init(significand: negative ? -significand : significand, fractionDigits: fractionDigits)
    }

    /// The decimal a `Double` prints as (its shortest round-trip form, so `35.9` is exactly
    /// 35.9); nil for NaN, infinities and magnitudes beyond 64-bit digits.
    public init?(_ value: Double) {
        guard value.isFinite else { return nil }
        self.init(value.description)
    }

    /// `value` rounded half away from zero to `digits` fractional digits (0…18); nil when it
    /// does not fit. For results of binary arithmetic, such as averages, whose last bits are noise.
    public init?(_ value: Double, roundedToFractionDigits digits: Int) {
        guard let significand = Self.roundedSignificand(value, fractionDigits: digits) else { return nil }
        self.init(significand: significand, fractionDigits: digits)
    }

    /// The significand of `init(_:roundedToFractionDigits:)` before normalisation: `value` ×
    /// 10^`digits`, rounded half away from zero; nil when it does not fit.
    static func roundedSignificand(_ value: Double, fractionDigits digits: Int) -> Int64? {
        precondition((0...Self.maximumFractionDigits).contains(digits))
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        guard value.isFinite else { return nil }
        return Int64(exactly: (value * scale).rounded())
    }

    /// Whether the number is below zero.
    public var isNegative: Bool { significand < 0 }

    /// The nearest `Double`.
    public var doubleValue: Double { Double(description)! }

    /// Plain decimal text without exponent or trailing zeros: `35.9`, `0.078`, `120`.
    public var description: String {
        let digits = String(significand.magnitude)
        let sign = significand < 0 ? "-" : ""
        guard fractionDigits > 0 else { return sign + digits }
        let padded = String(repeating: "0", count: max(0, fractionDigits + 1 - digits.count)) + digits
        let point = padded.index(padded.endIndex, offsetBy: -fractionDigits)
        return sign + padded[..<point] + "." + padded[point...]
    }

    /// The number with at least `minimumFractionDigits` decimals, padding with zeros: 0.2 with
    /// 3 gives `0.200`, 9 with 1 gives `9.0`.
    public func description(minimumFractionDigits: Int) -> String {
        let missing = minimumFractionDigits - fractionDigits
        guard missing > 0 else { return description }
        return description + (fractionDigits == 0 ? "." : "") + String(repeating: "0", count: missing)
    }

    /// Compares numerically, whatever the number of decimals.
    public static func < (lhs: ExactDecimal, rhs: ExactDecimal) -> Bool {
        let digits = max(lhs.fractionDigits, rhs.fractionDigits)
        return lhs.scaled(to: digits) < rhs.scaled(to: digits)
    }

    /// The significand rescaled to `digits` fractional digits (`digits ≥ fractionDigits`).
    func scaled(to digits: Int) -> Int128 {
        Int128(significand) * ExactRatio.powerOfTen(digits - fractionDigits)
    }
}
