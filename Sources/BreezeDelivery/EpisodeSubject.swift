import BreezeAlerts

extension AlertEvent {
    /// What the event's episodes are of, within its city: `aqi`, `pollen`, `uv`, or for a
    /// stale sensor `source` and the sensor's name (each `[Sensor]` of a city has episodes of
    /// its own). Folding and quiet hours keep each apart.
    var episodeSubject: String {
        guard about == .source, let source = sourceStatus else { return about.rawValue }
        return about.rawValue + "\u{0}" + source.sensor
    }
}
