/// `count` hours of one checked column ending at `hour`, **newest first** (NowCast's order),
/// viewed in place: element 0 is `hour`, element 1 the hour before, …; an hour outside the
/// column is missing (nil). The same hours `HourlyConcentrations.hours(_:endingAt:count:)`
/// returns, without building an array for every hour of a series.
///
/// It views the column through a buffer pointer (no retain and no second bounds check per
/// hour), so it must not outlive the `withUnsafeBufferPointer` that gave `column`; every read
/// is checked against the column's bounds.
struct TrailingHours: RandomAccessCollection {
    private let column: UnsafeBufferPointer<Double?>
    private let hour: Int
    /// Always 0.
    let startIndex = 0
    /// The number of hours viewed.
    let endIndex: Int

    /// The `count` hours of `column` ending at `hour`.
    init(_ column: UnsafeBufferPointer<Double?>, endingAt hour: Int, count: Int) {
        self.column = column
        self.hour = hour
        endIndex = Swift.max(0, count)
    }

    /// The hour `back` hours before the newest, nil when missing or outside the column.
    subscript(back: Int) -> Double? {
        // One unsigned comparison rejects both an index before the column and one past its
        // end; an index that wrapped around lands far past the end.
        let index = hour &- back
        return UInt(bitPattern: index) < UInt(column.count) ? column[index] : nil
    }
}
