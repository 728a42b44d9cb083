import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Times for people in a named zone, with the zone's abbreviation: `14:00 CEST`. The zone is
/// the first known of the names given (a city's `TimeZone=`, then a receiver's), else the
/// system's.
extension TimeText {
    /// The first of `names` that is a known IANA zone, else the system's zone.
    public static func zone(_ names: String?...) -> TimeZone {
        for case let name? in names where !name.isEmpty {
            if let zone = TimeZone(identifier: name) { return zone }
        }
        return TimeZone.current
    }

    /// `14:00 CEST`.
    public static func clock(_ instant: Instant, in zone: TimeZone) -> String {
        let (parts, abbreviation) = local(instant.unixSeconds, in: zone)
        return clockText(parts) + " " + abbreviation
    }

    /// `2026-08-20 14:00 CEST`.
    public static func dateAndClock(_ instant: Instant, in zone: TimeZone) -> String {
        let (parts, abbreviation) = local(instant.unixSeconds, in: zone)
        return dateText(parts) + " " + clockText(parts) + " " + abbreviation
    }

    /// `14:00 CEST` when `instant` falls on the same local day as `now`, else the day as
    /// people say it before the clock (`TimeText.day`): `Yesterday 14:00 CEST`,
    /// `Thu 4 Dec 14:00 CET`. The one way a time is shown to a person.
    public static func readable(_ instant: Instant, now: Instant, in zone: TimeZone) -> String {
        let (parts, _) = local(instant.unixSeconds, in: zone)
        let (today, _) = local(now.unixSeconds, in: zone)
        let sameDay = parts.tm_year == today.tm_year && parts.tm_yday == today.tm_yday
        return (sameDay ? "" : day(instant, now: now, in: zone) + " ") + clock(instant, in: zone)
    }

    /// `13:18–14:05 CEST`; the day (`TimeText.day`) on both ends when the span leaves `end`'s
    /// day or `now`'s: `Yesterday 23:10 – Today 01:05 CET`; both abbreviations when they
    /// differ (a daylight-saving change in between).
    public static func span(_ start: Instant, _ end: Instant, now: Instant, in zone: TimeZone) -> String {
        let (startParts, startZone) = local(start.unixSeconds, in: zone)
        let (endParts, endZone) = local(end.unixSeconds, in: zone)
        let (today, _) = local(now.unixSeconds, in: zone)
        let oneDay = startParts.tm_yday == endParts.tm_yday && startParts.tm_year == endParts.tm_year
            && endParts.tm_yday == today.tm_yday && endParts.tm_year == today.tm_year
        let from = (oneDay ? "" : day(start, now: now, in: zone) + " ") + clockText(startParts)
            + (startZone == endZone ? "" : " " + startZone)
        let to = (oneDay ? "" : day(end, now: now, in: zone) + " ") + clockText(endParts) + " " + endZone
        return from + (oneDay ? "–" : " – ") + to
    }

    /// The broken-down local time of `instant` in `zone` and the zone's abbreviation then.
    static func zonedParts(_ instant: Instant, in zone: TimeZone) -> (parts: tm, abbreviation: String) {
        local(instant.unixSeconds, in: zone)
    }

    /// The broken-down local time in `zone` and the zone's abbreviation then.
    private static func local(_ unixSeconds: Double, in zone: TimeZone) -> (tm, String) {
        // Beyond any real time (a corrupt entry): the epoch, rather than a trap.
        let seconds = unixSeconds.isFinite && abs(unixSeconds) < 1e12 ? unixSeconds.rounded(.down) : 0
        let date = Date(timeIntervalSince1970: seconds)
        var time = time_t(seconds) + time_t(zone.secondsFromGMT(for: date))
        var parts = tm()
        gmtime_r(&time, &parts)
        return (parts, ZoneAbbreviation.of(zone, at: date))
    }

    private static func dateText(_ parts: tm) -> String {
        dateText(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
    }

    /// `2026-08-20`: the one way a local date is written as `YYYY-MM-DD`.
    static func dateText(year: Int, month: Int, day: Int) -> String {
        "\(year)-\(twoDigits(month))-\(twoDigits(day))"
    }

    private static func clockText(_ parts: tm) -> String { twoDigits(parts.tm_hour) + ":" + twoDigits(parts.tm_min) }

    private static func twoDigits<Value: BinaryInteger>(_ value: Value) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
