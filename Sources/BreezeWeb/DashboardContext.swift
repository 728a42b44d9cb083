import BreezeModel
import BreezeState
import BreezeVocabulary
import Foundation

/// What every part of a page reads: the snapshot, the moment it shows ("now" is when the daemon
/// took it, so a page is the same however late it is served) and the zone times are written in.
struct DashboardContext {
    let snapshot: WebSnapshot
    /// The machine's zone unless a test pins one.
    let zone: TimeZone

    init(snapshot: WebSnapshot, zone: TimeZone = TimeText.zone()) {
        self.snapshot = snapshot
        self.zone = zone
    }

    var now: Instant { snapshot.takenAt }

    /// `14:05 CET` today, `2026-11-30 14:05 CET` on another day; "an unreadable time" for one
    /// the daemon never writes (before 1970, after 9999, not a number: a damaged state).
    func time(_ instant: Instant) -> String {
        guard TimeText.stored.contains(instant.unixSeconds) else { return "an unreadable time" }
        return TimeText.readable(instant, now: now, in: zone)
    }

    /// When a reading was observed: its instant in the zone, else the text the source wrote.
    func time(_ observed: ObservationTime) -> String {
        observed.instant.map(time) ?? observed.text
    }

    /// "5min ago", or nothing for an unreadable time.
    func age(_ instant: Instant) -> String {
        TimeText.stored.contains(instant.unixSeconds) ? " (" + DurationText.age(now - instant) + " ago)" : ""
    }

    /// Whether the daemon looks stopped, as `breezectl status` judges it.
    var isStale: Bool {
        snapshot.state.isStale(now: now, configuredInterval: snapshot.pollInterval.seconds)
    }

    /// "NowCast" or "Open-Meteo".
    static func name(_ source: AQISource) -> String {
        switch source {
        case .nowcast: "NowCast"
        case .openMeteo: "Open-Meteo"
        }
    }
}
