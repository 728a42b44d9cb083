/// Every way Breeze writes a span for people, in one place. Four renderings, each for a
/// reader who needs it: `syntax` is what the configuration accepts (exact, re-readable),
/// `exactUnit` is a setting quoted in one unit as it is usually written (`MaxAge 24h`),
/// `age` is a coarse column of `breezectl status`, `prose` is a sentence in an alert message.
public enum DurationText {
    /// systemd's syntax, largest units first, exact to the millisecond: `1h 30min`, `2d 1s`,
    /// `1s 500ms`, `0`. `DurationSyntax.parse` reads it back.
    public static func syntax(_ span: Duration) -> String {
        let (wholeSeconds, attoseconds) = span.components
        var remaining = wholeSeconds
        var parts: [String] = []
        for (unit, size) in [("d", Int64(86_400)), ("h", 3600), ("min", 60), ("s", 1)] {
            let count = remaining / size
            if count > 0 { parts.append("\(count)\(unit)") }
            remaining %= size
        }
        let milliseconds = attoseconds / 1_000_000_000_000_000
        if milliseconds > 0 { parts.append("\(milliseconds)ms") }
        return parts.isEmpty ? "0" : parts.joined(separator: " ")
    }

    /// One unit, the largest of `h`, `min`, `s` that counts `span` exactly: `24h`, `90min`,
    /// `90s`, `1.5s`.
    public static func exactUnit(_ span: Duration) -> String {
        let seconds = span.seconds
        if seconds >= 3600, seconds.truncatingRemainder(dividingBy: 3600) == 0 { return "\(Int(seconds / 3600))h" }
        if seconds >= 60, seconds.truncatingRemainder(dividingBy: 60) == 0 { return "\(Int(seconds / 60))min" }
        return seconds == seconds.rounded() ? "\(Int(seconds))s" : "\(seconds)s"
    }

    /// How old something is, in one unit, rounded down: `42s` up to two minutes, `5min` up
    /// to two hours, `3h` up to two days, then `2d`. Negative spans are `0s`.
    public static func age(_ span: Duration) -> String {
        let whole = wholeSeconds(span)
        if whole < 120 { return "\(whole)s" }
        if whole < 7200 { return "\(whole / 60)min" }
        if whole < 172_800 { return "\(whole / 3600)h" }
        return "\(whole / 86_400)d"
    }

    /// For a sentence: `42 min`, `1 h 5 min`, `2 d 3 h`; at least a minute.
    public static func prose(_ span: Duration) -> String {
        let seconds = span.seconds
        let minutes = seconds.isFinite ? max(1, Int(min(seconds, 1e9) / 60)) : 1
        if minutes < 60 { return "\(minutes) min" }
        let hours = minutes / 60
        if hours < 24 { return minutes % 60 == 0 ? "\(hours) h" : "\(hours) h \(minutes % 60) min" }
        return hours % 24 == 0 ? "\(hours / 24) d" : "\(hours / 24) d \(hours % 24) h"
    }

    /// The whole seconds of `span`, 0 when negative.
    private static func wholeSeconds(_ span: Duration) -> Int {
        let seconds = span.components.seconds
        return seconds > 0 ? Int(seconds) : 0
    }
}
