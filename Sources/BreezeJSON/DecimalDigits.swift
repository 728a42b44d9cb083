/// An integer's decimal digits appended to bytes without making a `String`: the one digit
/// writer, for JSON (`JSONWriter`) and for Prometheus's text (BreezeWeb's `MetricsText`), where
/// most values at 10,000 cities are small integers.
public enum DecimalDigits {
    /// `value`'s digits, at the end of `bytes`.
    @inlinable @inline(__always)
    public static func append(_ value: UInt64, to bytes: inout [UInt8]) {
        var magnitude = value
        let start = bytes.count
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        bytes[start...].reverse()
    }

    /// `value`'s digits after a `-` when negative (`Int.min` included), at the end of `bytes`.
    @inlinable @inline(__always)
    public static func append(_ value: Int, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        append(UInt64(value.magnitude), to: &bytes)
    }
}
