import BreezeOutboxValues

/// What the daemon counts since it started, for `/metrics` (`breeze_*_total` and the
/// cycle-duration histogram). Filled by the daemon; read through `WebSnapshot`.
public struct DaemonCounters: Sendable, Equatable {
    /// Poll cycles by result ("ok", "partial", "failed").
    public var pollCycles: [String: Int] = [:]
    /// Requests to Open-Meteo by result (`apiRequestResults`: "ok", "http_error", "timeout", …), every attempt.
    public var apiRequests: [String: Int] = [:]
    /// Deliveries by receiver, then result: attempts "delivered" or "failed" (retried), entries
    /// given up "dead" (`DeliveryResult`).
    public var deliveries: [String: [String: Int]] = [:]
    /// Completed cycles' durations in seconds, for the histogram.
    public var cycleDurations = DurationHistogram()

    public init() {}

    /// The cycle results always exposed (0 before the first): every city got data, some, none.
    public static let pollCycleResults = ["ok", "partial", "failed"]
    /// The request results always exposed: a 2xx that decoded, another status, a timeout,
    /// no response for another reason, a 2xx whose body did not decode.
    public static let apiRequestResults = ["ok", "http_error", "timeout", "transport_error", "bad_body"]
    /// The delivery results always exposed for every receiver.
    public static let deliveryResults = DeliveryResult.allCases.map(\.rawValue)

    /// Counts one completed cycle of `result` that took `seconds`.
    public mutating func countCycle(_ result: String, seconds: Double) {
        pollCycles[result, default: 0] += 1
        cycleDurations.observe(seconds: seconds)
    }

    /// Adds a cycle's requests, by result.
    public mutating func countRequests(_ requests: [String: Int]) {
        for (result, count) in requests { apiRequests[result, default: 0] += count }
    }

    /// Counts one delivery attempt's `result` for `receiver`, or `count` entries given up at once.
    public mutating func countDelivery(receiver: String, _ result: String, count: Int = 1) {
        deliveries[receiver, default: [:]][result, default: 0] += count
    }
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
