import BreezeModel
import BreezeVocabulary

/// The words of a `[Sensor]`'s `source-stale` events (`AlertSubject.source`): which sensor of
/// which city stopped giving readings, since when (in the city's zone, as its other messages
/// say times), and that alerts use the model meanwhile; then that it is back.
extension AlertEvent {
    /// `The backyard sensor in Paris has not answered since 14:05 CET; alerts use the model
    /// until it is back` (`has given no valid reading since` when it answers but fails its
    /// checks, `has never answered` without a valid sample ever); resolved, `The backyard
    /// sensor in Paris answers again; alerts use it again`. nil for every other event.
    public var sourceMessage: String? {
        guard about == .source, let source = sourceStatus else { return nil }
        let subject = "\(Self.sourceName(source)) in \(city.displayName)"
        guard kind != .resolved else { return "\(subject) answers again; alerts use it again" }
        let failing = source.answers == true
        let since: String
        if let last = source.lastValidAt {
            let time = TimeText.readable(last, now: createdAt, in: city.zone)
            since = failing ? "has given no valid reading since \(time)" : "has not answered since \(time)"
        } else {
            since = failing ? "has never given a valid reading" : "has never answered"
        }
        return "\(subject) \(since); alerts use the model until it is back"
    }

    /// What a stale sensor's messages call it first: `The backyard sensor` for a device on
    /// the network, AirNow's monitors by their label (`AirNow Paris-Central`).
    public static func sourceName(_ source: SourceStaleDetails) -> String {
        source.kind == .airNow ? source.label : "The \(source.sensor) sensor"
    }

    /// What to do while a device sensor is stale; none on the resolve, and none for AirNow
    /// (nothing at home to check).
    var sourceTips: [String] {
        guard kind != .resolved, let source = sourceStatus, source.kind != .airNow else { return [] }
        var tips = ["Check that the sensor has power and is on the network; breezectl status shows what it last answered."]
        if let reason = source.reason { tips.append("Last attempt: \(reason)") }
        return tips
    }
}
