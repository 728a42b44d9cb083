#if canImport(Glibc)
import Glibc
#endif

extension JSONScanner {
    /// Reads a number (RFC 8259 grammar) as the nearest `Double`, as Foundation's decoder
    /// does: short decimals exactly by Clinger's fast path, anything else by `strtod`. A
    /// number too large for a `Double` is infinite: valid JSON, but no usable value.
    @inlinable public mutating func readNumber() throws(JSONSyntaxError) -> Double {
        skipWhitespace()
        if let value = readShortDecimal() { return value }
        return try readNumberInFull()
    }

    /// What Open-Meteo writes (`12.3`, `0`, `1796119200`, `-0.5`): at most 15 digits, no
    /// exponent, in one tight pass; nil (the position unmoved) for anything else, which
    /// `readNumberInFull` reads. The same `Double` as that path: the digits are exact in a
    /// `Double` and so is the power of ten, so the one division rounds correctly.
    @inlinable @inline(__always) mutating func readShortDecimal() -> Double? {
        let end = bytes.count
        var index = position
        let negative = index < end && bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        let integerStart = index
        var mantissa: UInt64 = 0
        while index < end {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            mantissa = mantissa &* 10 &+ UInt64(digit)
            index += 1
        }
        let integerDigits = index - integerStart
        // No digit, or a leading zero before more digits: the full path says what is wrong.
        guard integerDigits > 0, integerDigits == 1 || bytes[integerStart] != UInt8(ascii: "0") else { return nil }
        var fractionDigits = 0
        if index < end, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let fractionStart = index
            while index < end {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                mantissa = mantissa &* 10 &+ UInt64(digit)
                index += 1
            }
            fractionDigits = index - fractionStart
            guard fractionDigits > 0 else { return nil }
        }
        // An exponent, or more digits than 10^15 < 2^53 holds exactly (the sum also bounds
        // the wrapping arithmetic above: 15 digits never overflow).
        guard integerDigits + fractionDigits <= 15, index >= end || bytes[index] | 0x20 != UInt8(ascii: "e")
        else { return nil }
        position = index
        var value = Double(mantissa)
        if fractionDigits > 0 { value /= Self.powersOfTen[fractionDigits] }
        return negative ? -value : value
    }

    /// The whole RFC 8259 grammar: exponents, long digit strings, and every error.
    @inlinable mutating func readNumberInFull() throws(JSONSyntaxError) -> Double {
        let start = position
        var negative = false
        if position < bytes.count, bytes[position] == UInt8(ascii: "-") {
            negative = true
            position += 1
        }
        var mantissa: UInt64 = 0
        var digits = 0
        var exponent = 0
        guard position < bytes.count, isDigit(bytes[position]) else { throw error("invalid number") }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
        } else {
            while position < bytes.count, isDigit(bytes[position]) {
                accumulate(bytes[position], into: &mantissa, digits: &digits, exponent: &exponent, fraction: false)
                position += 1
            }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard position < bytes.count, isDigit(bytes[position]) else { throw error("invalid number") }
            while position < bytes.count, isDigit(bytes[position]) {
                accumulate(bytes[position], into: &mantissa, digits: &digits, exponent: &exponent, fraction: true)
                position += 1
            }
        }
        var written = 0
        var writtenNegative = false
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                writtenNegative = bytes[position] == UInt8(ascii: "-")
                position += 1
            }
            guard position < bytes.count, isDigit(bytes[position]) else { throw error("invalid number") }
            while position < bytes.count, isDigit(bytes[position]) {
                if written < 100_000 { written = written * 10 + Int(bytes[position] - UInt8(ascii: "0")) }
                position += 1
            }
        }
        exponent += writtenNegative ? -written : written
        // Exact when the digits fit in 2^53 and the power of ten is exact (10^22 at most):
        // one correctly rounded multiplication or division.
        if digits <= 15, mantissa < (1 << 53), (-22...22).contains(exponent) {
            var value = Double(mantissa)
            if exponent < 0 { value /= Self.powersOfTen[-exponent] } else { value *= Self.powersOfTen[exponent] }
            return negative ? -value : value
        }
        return parseSlowly(from: start)
    }

    @usableFromInline func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    /// Adds one digit; leading zeros don't count toward the 15 significant digits.
    @usableFromInline func accumulate(
        _ byte: UInt8, into mantissa: inout UInt64, digits: inout Int, exponent: inout Int, fraction: Bool
    ) {
        let digit = UInt64(byte - UInt8(ascii: "0"))
        if digits >= 19 {
            // Beyond what UInt64 holds: the slow path will parse the text anyway.
            digits += 1
            if !fraction { exponent += 1 }
            return
        }
        if mantissa != 0 || digit != 0 { digits += 1 }
        mantissa = mantissa * 10 + digit
        if fraction { exponent -= 1 }
    }

    @usableFromInline func parseSlowly(from start: Int) -> Double {
        let length = position - start
        var text = [CChar](repeating: 0, count: length + 1)
        for offset in 0..<length { text[offset] = CChar(bitPattern: bytes[start + offset]) }
        return text.withUnsafeBufferPointer { strtod($0.baseAddress!, nil) }
    }

    @usableFromInline static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
        1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]
}
