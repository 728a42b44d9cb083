import BreezeModel

/// The words of pollen and UV events: the sentence people read first and what to do. Pollen
/// names its worst type, level and count (`Birch pollen High (95 grains/m³)`); UV the day's
/// maximum index and its WHO band.
extension AlertEvent {
    /// `Pollen in Paris, Île-de-France, France: Birch pollen High (95 grains/m³)`, `UV in
    /// Paris: today's maximum UV index 8.1, Very High`; nil for the AQI's events.
    public var exposureMessage: String? {
        let place = city.displayName
        if let pollen, about == .pollen {
            switch kind {
            case .escalated:
                return "Pollen in \(place): worse, \(pollen.phrase)" + (pollen.previousLevel.map { " (was \($0.label))" } ?? "")
            case .resolved:
                return "Pollen in \(place) is back below \(pollen.threshold.label): \(pollen.phrase)"
            default:
                return "Pollen in \(place): \(pollen.phrase)"
            }
        }
        if let uv, about == .uv {
            let level = "today's maximum UV index \(Self.uvText(uv.index)), \(uv.band.label)"
            switch kind {
            case .escalated:
                return "UV in \(place): worse, \(level)" + (uv.previousBand.map { " (was \($0.label))" } ?? "")
            case .resolved:
                return "UV in \(place) is back below \(uv.threshold): \(level)"
            default:
                return "UV in \(place): \(level)"
            }
        }
        return nil
    }

    /// What to do about pollen or UV while the alert is on (none on the resolve); nil for the
    /// AQI's events and a stale sensor's.
    public var exposureTips: [String]? {
        guard about == .pollen || about == .uv else { return nil }
        guard kind != .resolved else { return [] }
        if about == .uv { return uv.map { [$0.band.advice] } ?? [] }
        return [
            "Keep windows shut during the day and air the rooms late in the evening.",
            "Take your allergy medication as prescribed; sunglasses keep pollen out of your eyes.",
            "Shower and change clothes after being outside.",
        ]
    }

    /// A UV index for people: one decimal, none when whole (`8`, `6.2`).
    public static func uvText(_ index: Double) -> String {
        let tenths = (index * 10).rounded()
        guard tenths.isFinite, abs(tenths) < 1e12 else { return "\(index)" }
        let value = Int(tenths)
        return value % 10 == 0 ? String(value / 10) : "\(value / 10).\(abs(value % 10))"
    }
}
