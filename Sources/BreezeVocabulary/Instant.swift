/// A point in time, the one representation of an instant: seconds since 1970-01-01 00:00 UTC.
///
/// Spans between instants are `Duration`s. Times read from outside (Open-Meteo, state.json,
/// the outbox) become an `Instant` once, where they are read, and are never re-parsed.
public struct Instant: Sendable, Hashable, Comparable {
    /// Seconds since the Unix epoch (may be fractional).
    public var unixSeconds: Double

    public init(unixSeconds: Double) {
        self.unixSeconds = unixSeconds
    }

    public static func < (left: Instant, right: Instant) -> Bool { left.unixSeconds < right.unixSeconds }

    /// The instant `span` later.
    public static func + (instant: Instant, span: Duration) -> Instant {
        Instant(unixSeconds: instant.unixSeconds + span.seconds)
    }

    /// The instant `span` earlier.
    public static func - (instant: Instant, span: Duration) -> Instant {
        Instant(unixSeconds: instant.unixSeconds - span.seconds)
    }

    /// The span from `earlier` to `later` (negative when `later` is earlier).
    public static func - (later: Instant, earlier: Instant) -> Duration {
        Duration(seconds: later.unixSeconds - earlier.unixSeconds)
    }

    /// The start of the UTC clock hour this instant falls in (hours are whole in every zone
    /// Breeze reads hourly data in).
    public var hourStart: Instant { Instant(unixSeconds: (unixSeconds / 3600).rounded(.down) * 3600) }
}

/// Written to files as its unix seconds, a plain JSON number, as times were before `Instant`.
extension Instant: Codable {
    public init(from decoder: any Decoder) throws {
        self.init(unixSeconds: try decoder.singleValueContainer().decode(Double.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(unixSeconds)
    }
}
