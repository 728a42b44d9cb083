import Testing

@testable import BreezeJSON

/// `readNumber`'s short path (what Open-Meteo writes: `12.3`, `0`, `1796119200`, `-0.5`)
/// against the full grammar it stands in front of, `readNumberInFull`: the same `Double` to the
/// bit, the same position after it, and the same error, on edge and random texts.
struct ShortDecimalTests {
    /// `(bits, position after)` or the error, as one reader or the other reads `text` (followed
    /// by `tail`, as in an array).
    static func read(_ text: String, full: Bool) -> Result<(UInt64, Int), JSONSyntaxError> {
        Array(text.utf8).withUnsafeBytes { buffer in
            var scanner = JSONScanner(buffer)
            return Result { () throws(JSONSyntaxError) in
                let value = full ? try scanner.readNumberInFull() : try scanner.readNumber()
                return (value.bitPattern, scanner.position)
            }
        }
    }

    static func expectSame(_ text: String) {
        switch (read(text, full: false), read(text, full: true)) {
        case (.success(let short), .success(let full)):
            #expect(short.0 == full.0, "\(text): \(Double(bitPattern: short.0)) vs \(Double(bitPattern: full.0))")
            #expect(short.1 == full.1, "\(text)")
        case (.failure(let short), .failure(let full)): #expect(short == full, "\(text)")
        case (let short, let full): Issue.record("\(text): \(short) vs \(full)")
        }
    }

    static let edges = [
        "0", "-0", "0.0", "-0.0", "00", "01", "-", "-.5", ".5", "5.", "1.e5", "12.3", "12.30", "1796119200",
        "-0.5", "0.1", "0.000001", "1e5", "1E5", "1e-5", "12.3e2", "12.30000000000000001", "999999999999999",
        "9999999999999999", "0.999999999999999", "0.9999999999999999", "123456789012345678901234567890",
        "9007199254740993", "900719925474099.3", "4.9e-324", "1e400", "-1e400", "1796119200,", "12.3]", "7}",
        "0.00000000000000000001", "100000000000000000000000", "1.5x", "2e", "2e+", "3.25E-2", "-17.25E+2",
        "000000000000001", "0.100000000000000", "99999.9999999999", "1.0000000000000002",
    ]

    @Test func agreesOnEdges() {
        for text in Self.edges { Self.expectSame(text) }
    }

    /// Random decimals of 1 to 20 digits, signs, fractions and exponents, from a fixed seed.
    @Test func agreesOnRandomTexts() {
        var random = SplitMix64(seed: 2026)
        for _ in 0..<100_000 {
            var text = random.next() % 4 == 0 ? "-" : ""
            let integerDigits = Int(random.next() % 12) + 1
            let digits = (0..<integerDigits).map { _ in String(random.next() % 10) }.joined()
            text += random.next() % 8 == 0 ? digits : String(digits.drop { $0 == "0" }.prefix(integerDigits)).nonEmpty ?? "0"
            if random.next() % 3 != 0 {
                text += "." + (0..<(Int(random.next() % 10) + 1)).map { _ in String(random.next() % 10) }.joined()
            }
            if random.next() % 10 == 0 { text += "e" + String(Int(random.next() % 40) - 20) }
            Self.expectSame(text)
        }
    }
}

extension String {
    fileprivate var nonEmpty: String? { isEmpty ? nil : self }
}

/// A small seeded generator (SplitMix64), so a failing random case comes back the same.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
