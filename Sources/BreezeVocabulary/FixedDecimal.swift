import Glibc

/// A number in plain decimal notation with a fixed count of decimals, rounded as C's `%.Nf`:
/// `FixedDecimal.text(48.85661, decimals: 3)` is `48.857`. The one writer of such text.
public enum FixedDecimal {
    /// `value` with `decimals` (0...17) digits after the point; `nan`, `inf`, `-inf` for
    /// those.
    public static func text(_ value: Double, decimals: Int) -> String {
        let format = "%.\(min(max(decimals, 0), 17))f"
        var buffer = [CChar](repeating: 0, count: 64)
        while true {
            let needed = buffer.withUnsafeMutableBufferPointer { bytes in
                withVaList([value]) { vsnprintf(bytes.baseAddress, bytes.count, format, $0) }
            }
            guard needed >= 0 else { return "" }
            if Int(needed) < buffer.count {
                return String(decoding: buffer[0..<Int(needed)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
            buffer = [CChar](repeating: 0, count: Int(needed) + 1)
        }
    }
}
