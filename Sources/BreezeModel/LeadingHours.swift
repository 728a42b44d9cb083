/// `count` hours of one checked column starting at `hour`, **oldest first** (a forecast day's
/// hours, an 8-hour window starting within it), viewed in place: element 0 is `hour`, element
/// 1 the hour after, …; an hour outside the column is missing (nil). The hours
/// `HourlyConcentrations.hours(_:startingAt:count:)` returns, without building an array.
///
/// Like `TrailingHours`, it views the column through a buffer pointer, so it must not outlive
/// the `withUnsafeBufferPointer` that gave `column`; every read is checked against its bounds.
struct LeadingHours: RandomAccessCollection {
    private let column: UnsafeBufferPointer<Double?>
    private let hour: Int
    /// Always 0.
    let startIndex = 0
    /// The number of hours viewed.
    let endIndex: Int

    /// The `count` hours of `column` starting at `hour`.
    init(_ column: UnsafeBufferPointer<Double?>, startingAt hour: Int, count: Int) {
        self.column = column
        self.hour = hour
        endIndex = Swift.max(0, count)
    }

    /// The hour `ahead` hours after the first, nil when missing or outside the column.
    subscript(ahead: Int) -> Double? {
        // One unsigned comparison rejects an index on either side; one that wrapped around
        // lands far outside.
        let index = hour &+ ahead
        return UInt(bitPattern: index) < UInt(column.count) ? column[index] : nil
    }
}
