import BreezeModel
import Testing

struct ExactDecimalTests {
    @Test(arguments: [
        ("35.9", Int64(359), 1, "35.9"), ("0.078", 78, 3, "0.078"), (".5", 5, 1, "0.5"), ("5.", 5, 0, "5"),
        ("35.90", 359, 1, "35.9"), ("1e-5", 1, 5, "0.00001"), ("1.5E+3", 1500, 0, "1500"),
        ("-3", -3, 0, "-3"), ("+2.50", 25, 1, "2.5"), ("007", 7, 0, "7"), ("0", 0, 0, "0"),
    ])
    func parsesDecimalText(text: String, significand: Int64, fractionDigits: Int, description: String) throws {
        let value = try #require(ExactDecimal(text))
        #expect(value.significand == significand)
        #expect(value.fractionDigits == fractionDigits)
        #expect(value.description == description)
    }

    @Test(arguments: ["", ".", "-", "abc", "1.2.3", "nan", "inf", "1e", "1,5", " 1", "1 ", "99999999999999999999", "0x10"])
    func rejectsWhatIsNotADecimal(text: String) {
        #expect(ExactDecimal(text) == nil)
    }

    @Test func digitsBeyondEighteenDecimalsAreDropped() {
        #expect(ExactDecimal("0.0000000000000000019") == ExactDecimal("0.000000000000000001"))
        #expect(ExactDecimal("1e-30") == ExactDecimal("0"))
    }

    @Test(arguments: [(35.9, "35.9"), (0.1 + 0.2, "0.30000000000000004"), (1e-05, "0.00001"), (120, "120")])
    func takesADoubleAsTheDecimalItPrints(value: Double, description: String) {
        #expect(ExactDecimal(value)?.description == description)
    }

    @Test func roundsBinaryNoise() {
        #expect(ExactDecimal(35.899999999999999, roundedToFractionDigits: 6) == ExactDecimal("35.9"))
        #expect(ExactDecimal(Double.nan) == nil)
        #expect(ExactDecimal(Double.infinity, roundedToFractionDigits: 2) == nil)
    }

    @Test func comparesAcrossScales() {
        #expect(ExactDecimal("35.9")! < ExactDecimal("35.95")!)
        #expect(ExactDecimal("-1")! < ExactDecimal("0.001")!)
        #expect(ExactDecimal("2")! == ExactDecimal("2.000")!)
        #expect(ExactDecimal("35.9")!.doubleValue == 35.9)
    }

    @Test(arguments: [("0.2", 3, "0.200"), ("9", 1, "9.0"), ("35.95", 1, "35.95"), ("120", 0, "120")])
    func padsToAMinimumOfDecimals(text: String, digits: Int, expected: String) {
        #expect(ExactDecimal(text)!.description(minimumFractionDigits: digits) == expected)
    }
}
