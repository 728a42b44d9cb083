import BreezeVocabulary

/// The stretch of time a replay covers: `hours` whole hours from `start`.
public struct HistorySpan: Sendable, Equatable {
    /// The start of the first hour.
    public var start: Instant
    /// How many hours; never negative.
    public var hours: Int

    /// One hour, in seconds.
    public static let hourSeconds = 3600.0
    /// The longest span replayed (a year): a hostile time in a history cannot make the replay
    /// walk through centuries. Open-Meteo keeps 92 days.
    public static let longestHours = 366 * 24

    /// `hours` hours from `start` (rounded down to a whole hour), at most `longestHours`.
    public init(start: Instant, hours: Int) {
        self.start = Instant(unixSeconds: Self.hourStart(start.unixSeconds) ?? 0)
        self.hours = min(max(0, hours), Self.longestHours)
    }

    /// The end of the last hour.
    public var end: Instant { start + .seconds(hours * 3600) }

    /// From the first usable hour of `history` to the last, at most `longestHours` from the
    /// first; nil when no hour has a usable time.
    public static func covering(_ history: [HistoryHour]) -> HistorySpan? {
        var first: Double?
        var last: Double?
        for hour in history {
            guard let start = hourStart(hour.start.unixSeconds) else { continue }
            first = min(first ?? start, start)
            last = max(last ?? start, start)
        }
        guard let first, let last else { return nil }
        let hours = min(Double(longestHours), (last - first) / hourSeconds + 1)
        return HistorySpan(start: Instant(unixSeconds: first), hours: Int(hours))
    }

    /// The index of the hour containing `instant`, nil outside the span.
    public func hourIndex(_ instant: Instant) -> Int? {
        let offset = (instant.unixSeconds - start.unixSeconds) / Self.hourSeconds
        guard offset.isFinite, offset >= 0, offset < Double(hours) else { return nil }
        return Int(offset)
    }

    /// The start of the hour containing a unix time between 1970 and 9999, nil otherwise.
    static func hourStart(_ unixSeconds: Double) -> Double? {
        guard TimeText.stored.contains(unixSeconds) else { return nil }
        return (unixSeconds / hourSeconds).rounded(.down) * hourSeconds
    }
}
