import BreezeAlerts
import BreezeConfig
import BreezeModel
import BreezeVocabulary
import FoundationEssentials

/// When the status page's extras are fetched: pollen and UV every `APICost.pollenAndUVInterval`,
/// each city's climate trend once per local day in its zone (a failed fetch is tried again
/// after the same interval, never sooner). Pure; kept on the control queue.
struct ExtrasSchedule: Sendable, Equatable {
    /// When the last pollen-and-UV request started, nil before the first.
    var lastPollenAttempt: Instant?
    /// Per city, the local day and time of its last climate attempt.
    var climateAttempts: [String: ClimateAttempt] = [:]
    /// The most climate requests one run sends: a large configuration is fetched over several
    /// cycles rather than holding the extras' queue for an hour.
    static let climateRequestsPerRun = 50

    struct ClimateAttempt: Sendable, Equatable {
        var day: String
        var at: Instant
    }

    /// Whether pollen and UV are due at `now`.
    func pollenDue(at now: Instant) -> Bool {
        guard let last = lastPollenAttempt else { return true }
        // A clock set back counts as due: waiting for it to catch up could take a year.
        let elapsed = now.unixSeconds - last.unixSeconds
        return elapsed >= APICost.pollenAndUVInterval.seconds || elapsed < 0
    }

    /// The cities whose climate trend is due at `now`, with their local day: not fetched for
    /// today (or for where they now are), not tried today within the retry interval; at most
    /// `climateRequestsPerRun`, in configuration order.
    func climateDue(_ cities: [WatchedCity], entries: [String: ClimateTrendEntry], now: Instant) -> [(WatchedCity, LocalDay)] {
        var due: [(WatchedCity, LocalDay)] = []
        for watched in cities where due.count < Self.climateRequestsPerRun {
            let zone = CivilCalendar.zone([watched.city.timeZone])
            guard let today = LocalDay(now, in: zone) else { continue }
            if let entry = entries[watched.city.name], entry.holds(watched.city, on: today.description) { continue }
            if let attempt = climateAttempts[watched.city.name], attempt.day == today.description {
                let elapsed = now.unixSeconds - attempt.at.unixSeconds
                if elapsed >= 0, elapsed < APICost.pollenAndUVInterval.seconds { continue }
            }
            due.append((watched, today))
        }
        return due
    }
}
