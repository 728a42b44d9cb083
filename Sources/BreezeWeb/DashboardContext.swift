import BreezeModel
import BreezeState
import BreezeVocabulary
import FoundationEssentials

/// What every part of a page reads: the snapshot, the moment it shows ("now" is when the daemon
/// took it, so a page is the same however late it is served) and the zone times are written in.
struct DashboardContext {
    let snapshot: WebSnapshot
    /// The zone of the daemon's own times (the last cycle, the next poll): the machine's
    /// unless a test pins one. A city's times are in the city's zone (`WebCity.zone`).
    let zone: CivilZone

    init(snapshot: WebSnapshot, zone: CivilZone = TimeText.zone()) {
        self.snapshot = snapshot
        self.zone = zone
    }

    var now: Instant { snapshot.takenAt }

    /// `14:05 CET` today, `Yesterday 14:05 CET` or `Thu 4 Dec 14:05 CET` on another day
    /// (`TimeText.readable`), in `zone` (the daemon's unless a city's is given); "an
    /// unreadable time" for one the daemon never writes (before 1970, after 9999, not a
    /// number: a damaged state).
    func time(_ instant: Instant, in zone: CivilZone? = nil) -> String {
        guard TimeText.stored.contains(instant.unixSeconds) else { return "an unreadable time" }
        return TimeText.readable(instant, now: now, in: zone ?? self.zone)
    }

    /// When a reading was observed: its instant in `zone`, else the text the source wrote.
    func time(_ observed: ObservationTime, in zone: CivilZone) -> String {
        observed.instant.map { time($0, in: zone) } ?? observed.text
    }

    /// A forecast day (`YYYY-MM-DD` in the city's zone) as people say it: `Today`,
    /// `Tomorrow`, `Thu 4 Dec` (`TimeText.day(named:)`).
    func day(_ text: String, in zone: CivilZone) -> String {
        TimeText.day(named: text, now: now, in: zone)
    }

    /// "5min ago", or nothing for an unreadable time.
    func age(_ instant: Instant) -> String {
        TimeText.stored.contains(instant.unixSeconds) ? " (" + DurationText.age(now - instant) + " ago)" : ""
    }

    /// Whether the daemon looks stopped, as `breezectl status` judges it.
    var isStale: Bool {
        snapshot.state.isStale(now: now, configuredInterval: snapshot.pollInterval.seconds)
    }

    /// "NowCast", "Open-Meteo" or "sensor".
    static func name(_ source: AQISource) -> String {
        switch source {
        case .nowcast: "NowCast"
        case .openMeteo: "Open-Meteo"
        case .sensor: "sensor"
        }
    }
}
