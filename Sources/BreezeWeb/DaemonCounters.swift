/// What the daemon counts since it started, for `/metrics` (`breeze_*_total` and the
/// cycle-duration histogram). Filled by the daemon; read through `WebSnapshot`.
public struct DaemonCounters: Sendable, Equatable {
    /// Poll cycles by result ("ok", "partial", "failed").
    public var pollCycles: [String: Int] = [:]
    /// Requests to Open-Meteo by result ("ok", "error", "timeout", …).
    public var apiRequests: [String: Int] = [:]
    /// Delivery attempts by receiver, then result ("delivered", "failed", "dead").
    public var deliveries: [String: [String: Int]] = [:]
    /// Completed cycles' durations in seconds, for the histogram.
    public var cycleDurations = DurationHistogram()

    public init() {}
}

/// A Prometheus histogram of seconds: cumulative counts per upper bound, a sum and a count.
public struct DurationHistogram: Sendable, Equatable {
    /// The upper bounds in seconds, ascending (`le`); +Inf is implied.
    public static let bounds: [Double] = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120]
    /// Observations at or below each bound (not cumulative).
    public private(set) var counts = [Int](repeating: 0, count: DurationHistogram.bounds.count + 1)
    public private(set) var sum: Double = 0
    public private(set) var count = 0

    public init() {}

    /// Adds one duration; negative or non-finite durations count in +Inf and add nothing to the sum.
    public mutating func observe(seconds: Double) {
        count += 1
        guard seconds.isFinite, seconds >= 0 else { return counts[counts.count - 1] += 1 }
        sum += seconds
        counts[Self.bounds.firstIndex { seconds <= $0 } ?? Self.bounds.count] += 1
    }
}
