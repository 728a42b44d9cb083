import BreezeModel
import BreezeVocabulary

/// Builds every event id, in one place: `<city slug>-<episode>-<number>-<kind>`, e.g.
/// `paris-cbb57d0e13c03ee0-1787234400-1-firing`, refreshes `<city slug>-<episode>-refresh-<now>`
/// and test alerts `test-<city slug>-<now>`. The episode is the observation time (unix
/// seconds) of the reading that fired, so the same crossing gets the same id however often
/// it is detected again (a crash before the state was saved); receivers deduplicate on it.
public enum EventIdentifier {
    /// The city's part of its ids: `Slug.of(name)`, unique per configured name.
    public static func city(_ name: String) -> String { Slug.of(name) }

    /// The id of the `number`th event of the episode that began at `episode`; a sensitive
    /// audience's episode has its `part` after the city: `<city slug>-sensitive-<episode>-<n>-<kind>`.
    public static func event(
        city name: String, episode: Instant, number: Int, kind: AlertEventKind, part: String? = nil
    ) -> String {
        "\(thread(city: name, episode: episode, part: part))-\(number)-\(kind.rawValue)"
    }

    /// The `part` of the ids and threads of the alert machine for `audience`: `sensitive` for
    /// the `SensitiveThreshold=` machine, nil for the general one (whose ids have no part).
    public static func part(_ audience: Audience?) -> String? {
        audience == .sensitive ? "sensitive" : nil
    }

    /// The id of the `number`th event of a pollen or UV episode (`part` `pollen` or `uv`):
    /// `<city slug>-<part>-<episode>-<number>-<kind>`, starting with the episode's `thread`.
    public static func event(city name: String, part: String, episode: Instant, number: Int, kind: AlertEventKind) -> String {
        "\(thread(city: name, episode: episode, part: part))-\(number)-\(kind.rawValue)"
    }

    /// The thread of an episode (`AlertEvent.thread`): `<city slug>-<episode>` for the AQI
    /// alerts; pollen, UV and sensitive-audience episodes put their `part` (`pollen`, `uv`,
    /// `sensitive`) between; a forecast day's is `<city slug>-forecast-<day>`. The ids of the
    /// episode's events start with it.
    public static func thread(city name: String, episode: Instant, part: String? = nil) -> String {
        "\(city(name))-" + (part.map { $0 + "-" } ?? "") + "\(seconds(episode))"
    }

    /// The thread of the forecast events about the local day `day`.
    public static func forecastThread(city name: String, day: String) -> String {
        "\(city(name))-forecast-\(day)"
    }

    /// The id of a refresh (a re-send keeping a firing alert alive) made at `now`.
    public static func refresh(city name: String, episode: Instant, now: Instant, part: String? = nil) -> String {
        "\(thread(city: name, episode: episode, part: part))-refresh-\(seconds(now))"
    }

    /// The id of the `number`th forecast event about the local day `day` (`YYYY-MM-DD`):
    /// `<city slug>-forecast-<day>-<number>-<kind>`, the same on every detection of the same
    /// change, so a crash before the state was saved sends it again under the same id.
    public static func forecast(city name: String, day: String, number: Int, kind: AlertEventKind) -> String {
        "\(city(name))-forecast-\(day)-\(number)-\(kind.rawValue)"
    }

    /// The id of a receiver's daily digest for the local day `day` (`YYYY-MM-DD`):
    /// `digest-<receiver slug>-<day>`, the same on every attempt to write it, so a crash before
    /// the state was saved writes it again under the same id.
    public static func digest(receiver: String, day: String) -> String {
        "digest-\(Slug.of(receiver))-\(day)"
    }

    /// The id of the test alert `breezectl test-alert` sends about `name` at `now`.
    public static func test(city name: String, now: Instant) -> String {
        "test-\(city(name))-\(seconds(max(Instant(unixSeconds: 0), now)))"
    }

    /// When an episode confirmed by a reading observed at `observedAt` began:
    /// the observation time, so that it is the same on every detection of the same crossing
    /// (even one in the future: it is only a name, and replacing it by the clock would give
    /// each detection another id); `now` when the source's text named no time. Never at or before
    /// `previous` (the last episode's), so a source that repeats an observation time cannot
    /// give two episodes the same ids.
    public static func episodeStart(observedAt: ObservationTime, now: Instant, previous: Instant?) -> Instant {
        let observed = observedAt.instant ?? now
        guard let previous, previous.unixSeconds.isFinite, observed <= previous else { return observed }
        return Instant(unixSeconds: previous.unixSeconds.rounded(.down) + 1)
    }

    /// Whole seconds, bounded: a time from a damaged file never traps.
    static func seconds(_ time: Instant) -> Int64 {
        let seconds = time.unixSeconds
        guard seconds.isFinite else { return 0 }
        return Int64(max(-1e15, min(1e15, seconds)).rounded(.down))
    }
}
