import BreezeAlerts
import BreezeModel
import Foundation
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
    public static func holdUntil(
        event: AlertEvent, receiver: any Receiver, now: Instant, cityTimeZone: String?,
        systemTimeZone: TimeZone = .current
    ) -> Instant? {
        guard let window = receiver.delivery.quietHours else { return nil }
        switch event.kind {
        // A digest comes at the time its receiver chose.
        case .resolved, .test, .forecastCleared, .digest: return nil
        // A forecast is held like a firing: it is about tomorrow, so it can wait the night.
        case .firing, .escalated, .reminder, .forecast: break
        }
        if let band = event.band, band >= .veryUnhealthy { return nil }
        let zone = [receiver.delivery.timeZone, cityTimeZone].lazy.compactMap { $0.flatMap(TimeZone.init(identifier:)) }.first
            ?? systemTimeZone
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let date = Date(timeIntervalSince1970: now.unixSeconds)
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        let minute = (parts.hour ?? 0) * 60 + (parts.minute ?? 0)
        guard window.contains(minute: minute) else { return nil }
        let end = calendar.nextDate(
            after: date, matching: DateComponents(hour: window.end / 60, minute: window.end % 60, second: 0),
            matchingPolicy: .nextTime)
        return end.map { Instant(unixSeconds: $0.timeIntervalSince1970) }
    }
}
