/// `LogReadings=` in `[Breeze]`: which per-city reading records each poll cycle logs. Alert,
/// error, stale, hold and cycle records are logged whatever this says.
public enum LogReadingsSetting: String, Sendable, CaseIterable {
    /// One reading record per city per cycle (the default).
    case all
    /// A city's reading record only when what a person reads in it changed since the last one
    /// logged, and every city's in the first cycle after a start or a reload
    /// (`ReadingLogFilter` in BreezeDaemon decides).
    case changes
    /// No reading records.
    case none
}
