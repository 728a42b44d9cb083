import FoundationEssentials

/// Unix times written for people and for receivers, without a formatter object per call.
public enum TimeText {
    /// `2026-08-20T14:00:00Z`: RFC 3339 in UTC, whole seconds.
    public static func rfc3339(_ instant: Instant) -> String {
        let parts = utc(instant.unixSeconds)
        return date(parts) + "T" + clock(parts) + ":" + two(parts.second) + "Z"
    }

    /// `2026-08-20T14:00` in UTC: how Open-Meteo writes observation times.
    public static func openMeteo(_ instant: Instant) -> String {
        let parts = utc(instant.unixSeconds)
        return date(parts) + "T" + clock(parts)
    }

    /// `2026-11-30 14:03` in the machine's time zone.
    public static func local(_ instant: Instant) -> String {
        let parts = localParts(instant.unixSeconds)
        return date(parts) + " " + clock(parts)
    }

    /// `14:05` in the machine's time zone.
    public static func localClock(_ instant: Instant) -> String {
        clock(localParts(instant.unixSeconds))
    }

    /// The earliest and latest times written (years 0001 and 9999): a time read from a file
    /// or a server can be anything, and `time_t(_:)` traps on NaN or 1e20.
    public static let writable = -62_135_596_800.0...253_402_300_799.0

    /// The times a state or outbox file may hold (1970 to 9999): the daemon writes none
    /// before the epoch, and anything else read back (1e20, -1) was not written by it.
    public static let stored = 0...writable.upperBound

    /// What a file's reader says of a value outside `stored`.
    public static func notStored(_ name: String) -> String { "'\(name)' is not a time between 1970 and 9999" }

    private static func timeValue(_ unixSeconds: Double) -> Int {
        guard !unixSeconds.isNaN else { return 0 }
        return Int(min(max(unixSeconds.rounded(.down), writable.lowerBound), writable.upperBound))
    }

    private static func utc(_ unixSeconds: Double) -> CivilTime {
        CivilCalendar.time(timeValue(unixSeconds), offset: 0)
    }

    private static func localParts(_ unixSeconds: Double) -> CivilTime {
        CivilCalendar.time(timeValue(unixSeconds), in: .current)
    }

    private static func date(_ parts: CivilTime) -> String { parts.date.description }

    private static func clock(_ parts: CivilTime) -> String { parts.clockText }

    private static func two(_ value: Int) -> String { CivilCalendar.twoDigits(value) }
}
