import BreezeVocabulary
import Testing

@Suite struct FixedDecimalTests {
    @Test func roundsAsPrintfDoes() {
        #expect(FixedDecimal.text(48.85661, decimals: 3) == "48.857")
        #expect(FixedDecimal.text(2.5, decimals: 0) == "2")
        #expect(FixedDecimal.text(-0.125, decimals: 2) == "-0.12")
        #expect(FixedDecimal.text(7, decimals: 2) == "7.00")
    }

    @Test func trimsOnlyTheDecimalsZeros() {
        #expect(FixedDecimal.text(48.5, decimals: 5, trimmingZeros: true) == "48.5")
        #expect(FixedDecimal.text(100, decimals: 5, trimmingZeros: true) == "100")
        #expect(FixedDecimal.text(100, decimals: 0, trimmingZeros: true) == "100")
        #expect(FixedDecimal.text(-179.5, decimals: 5, trimmingZeros: true) == "-179.5")
        #expect(FixedDecimal.text(0.00001, decimals: 7, trimmingZeros: true) == "0.00001")
    }

    @Test func extremesNeitherTrapNorTruncate() {
        let huge = FixedDecimal.text(1e308, decimals: 17)
        #expect(huge.count == 309 + 1 + 17)
        #expect(huge.hasPrefix("1000000000000000010979"))
        #expect(FixedDecimal.text(-1e308, decimals: 17, trimmingZeros: true).count == 310)
        #expect(FixedDecimal.text(.nan, decimals: 3, trimmingZeros: true) == "nan")
        #expect(FixedDecimal.text(-.infinity, decimals: 3) == "-inf")
        #expect(FixedDecimal.text(1.5, decimals: 99) == "1.50000000000000000")
        #expect(FixedDecimal.text(1.5, decimals: -4) == "2")
    }
}

extension FixedDecimalTests {
    /// The trimmed text, shortcut or not, is what trimming `%.Nf` gives.
    @Test func trimmedTextIsTrimmedPrintf() {
        var generator = SystemRandomNumberGenerator()
        var values: [Double] = [0, -0.0, 0.1, -59.9, 48.85661, 999_999.999999, 1e6, 123.4567891, 5e-324, 0.000005, 0.0000049]
        for _ in 0..<20_000 {
            let magnitude = Double.random(in: -8...7, using: &generator)
            let digits = Int.random(in: 0...9, using: &generator)
            var value = Double.random(in: -1...1, using: &generator) * pow10(magnitude)
            let scale = pow10(Double(digits))
            if Bool.random(using: &generator) { value = (value * scale).rounded() / scale }
            values.append(value)
        }
        for value in values {
            for decimals in [0, 1, 5, 7, 9, 12] {
                var printed = FixedDecimal.text(value, decimals: decimals)
                if printed.contains(".") {
                    while printed.hasSuffix("0") { printed.removeLast() }
                    if printed.hasSuffix(".") { printed.removeLast() }
                }
                #expect(FixedDecimal.text(value, decimals: decimals, trimmingZeros: true) == printed, "\(value) \(decimals)")
            }
        }
    }

    private func pow10(_ exponent: Double) -> Double {
        var result = 1.0
        let whole = Int(exponent.rounded(.down))
        for _ in 0..<abs(whole) { result = whole < 0 ? result / 10 : result * 10 }
        return result
    }
}
