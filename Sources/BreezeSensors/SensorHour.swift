import BreezeVocabulary

/// One clock hour (UTC) of a sensor's samples: the sum and count of the PM2.5 values taken in
/// it, and which of its 60 minutes the samples' spans covered. Made by `SensorHours`.
public struct SensorHour: Sendable, Hashable {
    /// Whole hours since 1970-01-01 00:00 UTC: the hour starting at `index × 3600` s.
    let index: Int64
    /// The sum of the PM2.5 values (µg/m³) of the samples taken in the hour.
    public internal(set) var sum: Double
    /// How many samples were taken in the hour.
    public internal(set) var count: Int
    /// Bit m (0…59) is set when minute m of the hour was covered by a sample's span.
    public internal(set) var minuteMask: UInt64

    /// Every minute of an hour: bits 0…59.
    public static let allMinutes: UInt64 = (1 << 60) - 1

    init(index: Int64, sum: Double = 0, count: Int = 0, minuteMask: UInt64 = 0) {
        self.index = index
        self.sum = sum
        self.count = count
        self.minuteMask = minuteMask
    }

    /// When the hour starts.
    public var start: Instant { Instant(unixSeconds: Double(index) * 3600) }

    /// How many of its minutes were covered, 0…60.
    public var coveredMinutes: Int { (minuteMask & Self.allMinutes).nonzeroBitCount }

    /// The mean of its samples (µg/m³) when they cover at least `SensorHours.requiredMinutes`
    /// minutes; nil otherwise.
    public var mean: Double? {
        guard count > 0, coveredMinutes >= SensorHours.requiredMinutes else { return nil }
        return sum / Double(count)
    }

    /// The mask of minutes `first…last` (0…59, `first ≤ last`).
    static func minutes(_ first: Int, through last: Int) -> UInt64 {
        let upTo: UInt64 = last >= 63 ? .max : (1 << UInt64(last + 1)) - 1
        return upTo & ~((1 << UInt64(first)) - 1)
    }
}
