import BreezeModel
import BreezeVocabulary

/// The words of a `source-stale` event and its resolve: which sensor of which city, since when
/// it gave nothing usable, and what the alerts use meanwhile.
extension AlertEvent {
    /// `The backyard sensor in Paris has not answered since 14:05 CEST; alerts use the model
    /// until it is back` (its last valid sample's time in the city's zone), `… has given no
    /// valid reading since …` when it answers but fails its checks, `… has not answered since
    /// the daemon started` before a first valid sample; resolved: `The backyard sensor in Paris
    /// answers again; alerts use it again`. Nil for other events.
    public var sourceMessage: String? {
        guard about == .source, let source = sourceStatus else { return nil }
        let place = city.displayName
        let name = Self.sourceName(source)
        if kind == .resolved { return "\(name) in \(place) answers again; alerts use it again" }
        let answered = source.reason.map { !Self.isSilence($0) } ?? false
        let verb = answered ? "has given no valid reading" : "has not answered"
        let since = source.lastValidAt.map { "since " + TimeText.clock($0, in: city.zone) } ?? "since the daemon started"
        let why = source.reason.map { " (\($0))" } ?? ""
        return "\(name) in \(place) \(verb) \(since)\(why); alerts use the model until it is back"
    }

    /// `The backyard sensor`, `The AirNow monitors` (AirNow's label names a site that changes
    /// with the closest monitor).
    static func sourceName(_ source: SourceStaleDetails) -> String {
        source.kind == .airNow ? "AirNow (\(source.sensor))" : "The \(source.sensor) sensor"
    }

    /// Whether `reason` says the source did not answer at all (a transfer failure), rather
    /// than answering with something unusable.
    static func isSilence(_ reason: String) -> Bool {
        SensorSilence.prefixes.contains { reason.hasPrefix($0) }
    }
}

/// How a sensor's failure reasons start when it did not answer at all, as BreezeSensors'
/// `SensorClient` words a transfer that got no answer (BreezeHTTP's `HTTPError`): `no answer
/// within 10s`, `connection refused`, `connection failed: …`, `connection lost: …`.
public enum SensorSilence {
    /// Reasons starting with one of these mean the device or service was not reached.
    public static let prefixes = ["no answer", "connection refused", "connection failed", "connection lost", "timed out"]
}
