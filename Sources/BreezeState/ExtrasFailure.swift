import BreezeVocabulary
import FoundationEssentials

/// A status-page extra (the climate trend, or pollen and UV) that the daemon could not fetch
/// for a city: why, when, and when it is tried again. Kept in the daemon's memory until the
/// next fetch of that extra succeeds; shown on the city's page and by `breezectl status`.
/// The one home of how such a failure is worded.
public struct ExtrasFailure: Codable, Sendable, Equatable {
    /// Which extra.
    public enum Kind: String, Codable, Sendable, CaseIterable {
        /// The climate trend, from the archive (`ArchiveURL=`).
        case climate
        /// Pollen and the UV index, from the air-quality API (`ApiURL=`).
        case pollenAndUV

        /// `climate trend`, `pollen and UV`.
        public var name: String {
            switch self {
            case .climate: "climate trend"
            case .pollenAndUV: "pollen and UV"
            }
        }

        /// Where it is fetched from: `the archive`, `the air-quality API`.
        public var source: String {
            switch self {
            case .climate: "the archive (ArchiveURL=)"
            case .pollenAndUV: "the air-quality API (ApiURL=)"
            }
        }
    }

    /// The configured city's name.
    public var city: String
    public var kind: Kind
    /// Why, as the fetch said it (`Open-Meteo answered 404 (not found) for …`); no secret.
    public var reason: String
    /// When the failed request was made.
    public var at: Instant
    /// The earliest the daemon asks again: with the first poll cycle from then on.
    public var nextTry: Instant
    /// The city's `TimeZone=`, in which the times are shown (nil: the system's).
    public var timeZone: String?

    public init(city: String, kind: Kind, reason: String, at: Instant, nextTry: Instant, timeZone: String? = nil) {
        self.city = city
        self.kind = kind
        self.reason = reason
        self.at = at
        self.nextTry = nextTry
        self.timeZone = timeZone
    }

    /// `Fetching from the archive (ArchiveURL=) failed: Open-Meteo answered 404 (not found) for
    /// … (tried 02:18 CET; next try after 05:18 CET)`; a time not of `now`'s day is named with
    /// its day as `TimeText.readable` names it (`tried Yesterday 02:18 CET`).
    public func sentence(now: Instant) -> String {
        "Fetching from \(kind.source) failed: \(reason) (tried \(time(at, now: now)); next try after \(time(nextTry, now: now)))"
    }

    /// `14:05 CET` in the city's zone, its date too when not `now`'s day.
    private func time(_ instant: Instant, now: Instant) -> String {
        guard TimeText.stored.contains(instant.unixSeconds) else { return "an unreadable time" }
        return TimeText.readable(instant, now: now, in: TimeText.zone(timeZone))
    }
}
