import FoundationEssentials

/// Times for people in a named zone, with the zone's abbreviation: `14:00 CEST`. The zone is
/// the first known of the names given (a city's `TimeZone=`, then a receiver's), else the
/// system's.
extension TimeText {
    /// The first of `names` that is a known IANA zone, else the system's zone.
    public static func zone(_ names: String?...) -> CivilZone {
        CivilCalendar.zone(names)
    }

    /// `14:00 CEST`.
    public static func clock(_ instant: Instant, in zone: CivilZone) -> String {
        let (parts, abbreviation) = local(instant.unixSeconds, in: zone)
        return clockText(parts) + " " + abbreviation
    }

    /// `2026-08-20 14:00 CEST`.
    public static func dateAndClock(_ instant: Instant, in zone: CivilZone) -> String {
        let (parts, abbreviation) = local(instant.unixSeconds, in: zone)
        return dateText(parts) + " " + clockText(parts) + " " + abbreviation
    }

    /// `14:00 CEST` when `instant` falls on the same local day as `now`, else the day as
    /// people say it before the clock (`TimeText.day`): `Yesterday 14:00 CEST`,
    /// `Thu 4 Dec 14:00 CET`. The one way a time is shown to a person.
    public static func readable(_ instant: Instant, now: Instant, in zone: CivilZone) -> String {
        let (parts, _) = local(instant.unixSeconds, in: zone)
        let (today, _) = local(now.unixSeconds, in: zone)
        let sameDay = parts.date == today.date
        return (sameDay ? "" : day(instant, now: now, in: zone) + " ") + clock(instant, in: zone)
    }

    /// `13:18–14:05 CEST`; the day (`TimeText.day`) on both ends when the span leaves `end`'s
    /// day or `now`'s: `Yesterday 23:10 – Today 01:05 CET`; both abbreviations when they
    /// differ (a daylight-saving change in between).
    public static func span(_ start: Instant, _ end: Instant, now: Instant, in zone: CivilZone) -> String {
        let (startParts, startZone) = local(start.unixSeconds, in: zone)
        let (endParts, endZone) = local(end.unixSeconds, in: zone)
        let (today, _) = local(now.unixSeconds, in: zone)
        let oneDay = startParts.date == endParts.date && endParts.date == today.date
        let from = (oneDay ? "" : day(start, now: now, in: zone) + " ") + clockText(startParts)
            + (startZone == endZone ? "" : " " + startZone)
        let to = (oneDay ? "" : day(end, now: now, in: zone) + " ") + clockText(endParts) + " " + endZone
        return from + (oneDay ? "–" : " – ") + to
    }

    /// `Thu, 20 Aug 2026 14:00:00 +0200`: an e-mail's `Date:` (RFC 5322 section 3.3).
    public static func rfc5322(_ instant: Instant, in zone: CivilZone) -> String {
        let (parts, _) = local(instant.unixSeconds, in: zone)
        let date = parts.date
        let weekday = CivilCalendar.daysSinceEpoch(date).map { weekdays[CivilCalendar.weekday(daysSinceEpoch: $0)] } ?? "Thu"
        let year = String(date.year)
        let offsetMinutes = abs(parts.offset) / 60
        return weekday + ", " + twoDigits(date.day) + " " + months[date.month - 1] + " "
            + String(repeating: "0", count: max(0, 4 - year.count)) + year + " " + clockText(parts) + ":"
            + twoDigits(parts.second) + " " + (parts.offset < 0 ? "-" : "+") + twoDigits(offsetMinutes / 60)
            + twoDigits(offsetMinutes % 60)
    }

    private static func twoDigits(_ value: Int) -> String { CivilCalendar.twoDigits(value) }

    /// The wall clock of `instant` in `zone` and the zone's abbreviation then.
    static func zonedParts(_ instant: Instant, in zone: CivilZone) -> (parts: CivilTime, abbreviation: String) {
        local(instant.unixSeconds, in: zone)
    }

    /// The wall clock in `zone` and the zone's abbreviation then.
    private static func local(_ unixSeconds: Double, in zone: CivilZone) -> (CivilTime, String) {
        // Beyond any real time (a corrupt entry): the epoch, rather than a trap.
        let seconds = unixSeconds.isFinite && abs(unixSeconds) < 1e12 ? Int(unixSeconds.rounded(.down)) : 0
        let parts = CivilCalendar.time(seconds, in: zone)
        return (parts, zone.abbreviation(at: seconds))
    }

    // `CivilDate.description` is the one writer of `YYYY-MM-DD`.
    private static func dateText(_ parts: CivilTime) -> String { parts.date.description }

    private static func clockText(_ parts: CivilTime) -> String { parts.clockText }
}
