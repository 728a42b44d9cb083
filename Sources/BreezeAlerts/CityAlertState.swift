import BreezeModel
import BreezeVocabulary

/// What the state machine remembers about one city between readings. Persisted as JSON,
/// so a restart fires nothing already sent and misses nothing.
public struct CityAlertState: Sendable, Equatable, Codable {
    /// Whether an alert is out for the city.
    public var firing = false
    /// Consecutive breaching readings while not firing.
    public var breachStreak = 0
    /// Consecutive readings at or below the clear level while firing.
    public var clearStreak = 0
    /// Consecutive readings in a band worse than `notifiedBand` while firing.
    public var escalationStreak = 0
    /// The band the last firing/escalated/reminder event announced.
    public var notifiedBand: Band?
    /// The band of the last reading that did not breach: the "was" of a firing event.
    public var lastCalmBand: Band?
    /// When the last firing, escalated or reminder event was made.
    public var lastNotifiedAt: Instant?
    /// When the current alert episode (firing → resolved) began — the
    /// observation time of the reading that fired — part of event ids, so the same crossing
    /// always has the same ids and ids stay unique even if the state file is lost. Kept after
    /// the resolve: the next episode starts later.
    public var episodeStartedAt: Instant?
    /// Counts events within the episode: part of event ids.
    public var eventsInEpisode = 0
    /// Consecutive polls without data.
    public var missingStreak = 0
    /// The pollen and UV alerts' counterpart of `notifiedBand`: the ordinal of the pollen level
    /// (`PollenLevel`) or WHO UV band (`UVBand`) the last firing or escalated event announced;
    /// nil for the AQI alerts.
    public var notifiedLevel: Int?

    public init() {}
}

extension CityAlertState {
    /// Fires: a new episode starts with the reading observed at `observedAt` (its ids from
    /// `EventIdentifier.episodeStart`), every streak at zero, notified `now`.
    mutating func beginEpisode(observedAt: ObservationTime, now: Instant) {
        firing = true
        breachStreak = 0
        clearStreak = 0
        escalationStreak = 0
        episodeStartedAt = EventIdentifier.episodeStart(observedAt: observedAt, now: now, previous: episodeStartedAt)
        eventsInEpisode = 0
        lastNotifiedAt = now
    }

    /// Resolves: a calm state that keeps only when the episode began, so the next episode
    /// starts later and its ids are new.
    mutating func endEpisode() {
        let episode = episodeStartedAt
        self = CityAlertState()
        episodeStartedAt = episode
    }
}
