import BreezeAlerts
import BreezeModel
import FoundationEssentials
import BreezeVocabulary

/// Whether a receiver's quiet hours hold an event, and until when. Pure: the clock and the
/// zones are passed in.
public enum QuietHoursPolicy {
    /// When `event` may go to `receiver`: nil for now, else when the current quiet window ends.
    ///
    /// Holds `firing`, `escalated`, `reminder` and `forecast` inside the window, except Very
    /// Unhealthy and Hazardous, which always go out; never holds `resolved`, `forecastCleared`
    /// or `test`. The window is read in
    /// the receiver's `TimeZone=`, else `cityTimeZone`, else `systemTimeZone` (an unknown zone
    /// name counts as absent). Across a daylight-saving change the end is the next wall-clock
    /// time matching the window's end (or the first time after it, when it is skipped).
    /// Whether quiet hours hold events of `kind` at all: the one list, which the delivery
    /// queue's wait stage (`QuietHoursHold`) asks too.
    public static func concerns(_ kind: AlertEventKind) -> Bool {
        switch kind {
        // A digest comes at the time its receiver chose.
        case .resolved, .test, .forecastCleared, .digest: false
        // A forecast is held like a firing: it is about tomorrow, so it can wait the night.
        case .firing, .escalated, .reminder, .forecast: true
        }
    }

    public static func holdUntil(
        event: AlertEvent, receiver: any Receiver, now: Instant, cityTimeZone: String?,
        systemTimeZone: CivilZone = .current
    ) -> Instant? {
        guard let window = receiver.delivery.quietHours, concerns(event.kind) else { return nil }
        if let band = event.band, band >= .veryUnhealthy { return nil }
        let zone = CivilCalendar.zone([receiver.delivery.timeZone, cityTimeZone], system: systemTimeZone)
        guard now.unixSeconds.isFinite, abs(now.unixSeconds) < 1e12 else { return nil }
        let seconds = Int(now.unixSeconds.rounded(.down))
        guard window.contains(minute: CivilCalendar.time(seconds, in: zone).minuteOfDay) else { return nil }
        return CivilCalendar.next(minute: window.end, after: seconds, in: zone).map { Instant(unixSeconds: Double($0)) }
    }
}
