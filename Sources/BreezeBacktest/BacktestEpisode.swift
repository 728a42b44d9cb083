import BreezeModel
import BreezeVocabulary

/// One alert episode of a replay: from the poll that fired to the poll that resolved, or to
/// the end of the history while still firing.
public struct BacktestEpisode: Sendable, Equatable {
    /// The poll that fired.
    public var firedAt: Instant
    /// The AQI and band the firing announced (nil when it fired on a pollutant limit alone).
    public var firedAQI: Int?
    public var firedBand: Band?
    /// Each escalation, in order.
    public var escalations: [BacktestEscalation] = []
    /// Reminders sent (`RepeatEvery=`).
    public var reminders = 0
    /// The poll that resolved; nil while still firing at the end of the history.
    public var resolvedAt: Instant?
    /// Where the episode ends: `resolvedAt`, or the end of the history.
    public var endedAt: Instant
    /// The highest AQI judged while firing, and its band.
    public var peakAQI: Int?
    /// Whether the episode resolved within `CityBacktest.shortEpisodeLimit` (flapping); an
    /// episode still firing at the end never counts.
    public var isShort = false

    public init(firedAt: Instant, firedAQI: Int?, firedBand: Band?) {
        self.firedAt = firedAt
        self.firedAQI = firedAQI
        self.firedBand = firedBand
        self.endedAt = firedAt
        self.peakAQI = firedAQI
    }

    /// Whether the history ended before the episode resolved.
    public var isStillFiring: Bool { resolvedAt == nil }

    /// The band of `peakAQI`.
    public var peakBand: Band? { peakAQI.flatMap(Band.init(aqi:)) }

    /// How long the alert was out.
    public var duration: Duration { endedAt - firedAt }
}

/// An escalation within an episode: the poll and the band (and AQI) it announced.
public struct BacktestEscalation: Sendable, Equatable {
    public var at: Instant
    public var aqi: Int?
    public var band: Band

    public init(at: Instant, aqi: Int?, band: Band) {
        self.at = at
        self.aqi = aqi
        self.band = band
    }
}

/// How many notifications one receiver would have got.
public struct ReceiverNotifications: Sendable, Equatable {
    public var receiver: String
    public var notifications: Int

    public init(receiver: String, notifications: Int) {
        self.receiver = receiver
        self.notifications = notifications
    }
}

/// The events a replay raised, by kind.
public struct BacktestEventCounts: Sendable, Equatable {
    public var firing = 0
    public var escalated = 0
    public var reminder = 0
    public var resolved = 0

    public init() {}

    /// Every event: what each of the city's receivers gets.
    public var total: Int { firing + escalated + reminder + resolved }
}
