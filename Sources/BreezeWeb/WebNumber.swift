/// Numbers as the pages print them. Whatever a value is (NaN, ±∞, 1e300, negative), the text
/// is a plain decimal or a word: never "nan", "inf" or three hundred digits, and never a trap.
enum WebNumber {
    /// Beyond this magnitude a value is shown as "off the scale": no reading is that large.
    static let largest = 10_000_000.0

    /// `value` rounded to `digits` decimals (0–3), `-0` as `0`; nil for NaN or ±∞; "over 10
    /// million" beyond `largest`.
    static func text(_ value: Double, digits: Int = 0) -> String? {
        guard value.isFinite else { return nil }
        guard abs(value) < largest else { return value > 0 ? "over 10 million" : "below −10 million" }
        let places = max(0, min(digits, 3))
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = Int((abs(value) * scale).rounded())
        guard scaled != 0 else { return places == 0 ? "0" : "0." + String(repeating: "0", count: places) }
        let whole = String(scaled / Int(scale))
        let sign = value < 0 ? "−" : ""
        guard places > 0 else { return sign + whole }
        let fraction = String(scaled % Int(scale))
        return sign + whole + "." + String(repeating: "0", count: places - fraction.count) + fraction
    }

    /// `value` with a sign always shown (`+1.2`, `−0.4`, `0.0`), for differences.
    static func signed(_ value: Double, digits: Int = 1) -> String? {
        guard let text = text(value, digits: digits) else { return nil }
        return text.hasPrefix("−") || text.hasPrefix("over") || text.hasPrefix("below") || Double(text) == 0
            ? text : "+" + text
    }

    /// `value` for an SVG coordinate: finite, clamped to `range`, two decimals at most.
    static func coordinate(_ value: Double, in range: ClosedRange<Double> = -10_000...10_000) -> String {
        let clamped = value.isFinite ? min(max(value, range.lowerBound), range.upperBound) : range.lowerBound
        let hundredths = Int((clamped * 100).rounded())
        let magnitude = abs(hundredths)
        let fraction = magnitude % 100
        let sign = hundredths < 0 ? "-" : ""
        let decimals = fraction == 0 ? "" : fraction % 10 == 0 ? ".\(fraction / 10)" : fraction < 10 ? ".0\(fraction)" : ".\(fraction)"
        return sign + String(magnitude / 100) + decimals
    }
}
