import Glibc

/// A number in plain decimal notation with a fixed count of decimals, rounded as C's `%.Nf`:
/// `FixedDecimal.text(48.85661, decimals: 3)` is `48.857`. The one writer of such text.
public enum FixedDecimal {
    /// `value` with `decimals` (0...17) digits after the point; `nan`, `inf`, `-inf` for
    /// those. With `trimmingZeros`, the zeros ending the decimals go, and the point with
    /// them when none is left: `48.5`, `48`, never `48.50000` or `48.`.
    public static func text(_ value: Double, decimals: Int, trimmingZeros: Bool = false) -> String {
        let precision = Int32(min(max(decimals, 0), 17))
        if trimmingZeros, let shortest = shortest(value, decimals: Int(precision)) { return shortest }
        // `%.17f` of 1e308 is 309 digits and 18 more: 400 bytes always hold it, so one call.
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: 400) { buffer in
            let written = withVaList([precision, value]) { vsnprintf(buffer.baseAddress, buffer.count, "%.*f", $0) }
            guard written >= 0 else { return "" }
            var end = min(Int(written), buffer.count - 1)
            let bytes = UnsafeRawBufferPointer(start: buffer.baseAddress, count: end).bindMemory(to: UInt8.self)
            if trimmingZeros, precision > 0, bytes.contains(UInt8(ascii: ".")) {
                while end > 0, bytes[end - 1] == UInt8(ascii: "0") { end -= 1 }
                if end > 0, bytes[end - 1] == UInt8(ascii: ".") { end -= 1 }
            }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[0..<end]), as: UTF8.self)
        }
    }

    /// The trimmed text without `vsnprintf` (whose variadic call costs more than the rest of
    /// a coordinate's line): Swift's shortest text that reads back as `value`, when it has
    /// at most `decimals` (≤ 9) decimals and no exponent. Below 1e6 doubles lie 1.2e-10 apart
    /// at most, so the exact binary value is within 6e-11 of that text, a multiple of
    /// 10^-decimals: rounding it to `decimals` gives the same digits. Nil otherwise.
    private static func shortest(_ value: Double, decimals: Int) -> String? {
        guard value.isFinite, abs(value) < 1e6, decimals <= 9 else { return nil }
        var text = value.description
        var decimalCount = 0
        var seenPoint = false
        for byte in text.utf8 {
            if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") { return nil }
            if seenPoint { decimalCount += 1 } else if byte == UInt8(ascii: ".") { seenPoint = true }
        }
        guard decimalCount <= decimals else { return nil }
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }
}
