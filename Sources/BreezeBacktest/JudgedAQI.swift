/// The AQI a replay judged in each hour of its span, in order: nil where the hour had none
/// (missing, null, or a value that is not data). Two bytes an hour, so the hours of 1,000
/// cities × 92 days × two sources take 9 MB, not the 70 MB of `[Int?]`.
public struct JudgedAQI: Sendable, Equatable, RandomAccessCollection {
    /// `none` where an hour has no AQI.
    private var values: [UInt16]
    private static let none = UInt16.max

    /// `aqi` hour by hour; a negative value counts as none, one beyond 65,534 as 65,534 (the
    /// replay only judges values on the AQI's scale).
    public init(_ aqi: some Sequence<Int?>) {
        values = aqi.map { value in
            guard let value, value >= 0 else { return Self.none }
            return UInt16(Swift.min(value, Int(Self.none) - 1))
        }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { values.count }

    public subscript(index: Int) -> Int? {
        let value = values[index]
        return value == Self.none ? nil : Int(value)
    }
}
