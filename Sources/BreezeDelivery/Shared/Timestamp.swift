import BreezeVocabulary

/// Observation times as receivers read them.
enum Timestamp {
    /// The source's observation time as RFC 3339: Open-Meteo writes `2026-08-20T14:00` in GMT,
    /// which becomes `2026-08-20T14:00:00Z`; a text that names no time is passed on as written.
    static func observation(_ time: ObservationTime) -> String { time.rfc3339 }
}
