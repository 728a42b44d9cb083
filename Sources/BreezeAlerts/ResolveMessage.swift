import BreezeModel

extension AlertEvent {
    /// A resolve's sentence, for people: `The air in Paris is back to Moderate 😐 (AQI 62, was
    /// Unhealthy): fine to open the windows`; into a band still unhealthy, `The air in Paris is
    /// better, Unhealthy for Sensitive Groups 😷 (AQI 120, was Unhealthy), but not yet good:
    /// …`; without an AQI, `The air in Paris is back below the alert threshold (no AQI
    /// reported)`.
    func resolveMessage(place: String) -> String {
        let was = previousBand.map { ", was \($0.label)" } ?? ""
        guard let band, let aqi else {
            return "The air in \(place) is back below the alert threshold (no AQI reported\(was))"
        }
        let level = "\(band.label) \(band.emoji) (AQI \(aqi)\(was))"
        if band.isStillUnhealthy {
            return "The air in \(place) is better, \(level), but not yet good: \(band.resolveAdvice)"
        }
        return "The air in \(place) is back to \(level): \(band.resolveAdvice)"
    }

    /// What a resolve into `band` means for people, as a clause: `fine to open the windows`,
    /// or `better, but not yet good: …` for a band still unhealthy; nil without a band and on
    /// every other kind of event.
    public var resolveAdviceClause: String? {
        guard kind == .resolved, let band else { return nil }
        return band.isStillUnhealthy ? "better, but not yet good: \(band.resolveAdvice)" : band.resolveAdvice
    }
}
