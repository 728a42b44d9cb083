#if canImport(Glibc)
import Glibc
#endif

/// Local wall-clock times for status lines.
enum StatusTime {
    /// `14:05` in the machine's time zone.
    static func clock(_ unixSeconds: Double) -> String {
        var seconds = time_t(unixSeconds.rounded(.up))
        var parts = tm()
        localtime_r(&seconds, &parts)
        let hour = parts.tm_hour < 10 ? "0\(parts.tm_hour)" : "\(parts.tm_hour)"
        let minute = parts.tm_min < 10 ? "0\(parts.tm_min)" : "\(parts.tm_min)"
        return "\(hour):\(minute)"
    }
}
