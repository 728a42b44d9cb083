import BreezeModel
import BreezeVocabulary

/// One pollen or UV reading as its alert judges it (`ExposureAlertMachine`), with the details
/// its events carry. Made only from data: a reading without pollen counts (outside the pollen
/// model's domain, out of season) or without a UV index is no observation at all, never "none".
public struct ExposureObservation: Sendable, Equatable {
    /// On the threshold's scale: the worst pollen level's ordinal (`PollenLevel.rawValue`,
    /// 0 none … 4 very high), or the UV index.
    public var value: Double
    /// What escalates: the ordinal of the pollen level or of the WHO UV band.
    public var level: Int
    public var observedAt: ObservationTime
    /// Set on pollen observations.
    public var pollen: PollenDetails?
    /// Set on UV observations.
    public var uv: UVDetails?

    /// The pollen of `reading` against `threshold`: its worst level and the type at it; nil
    /// without counts.
    public static func pollen(_ reading: PollenReading, threshold: PollenLevel) -> ExposureObservation? {
        guard let worst = PollenDetails.worst(reading.counts) else { return nil }
        let details = PollenDetails(level: worst.level, type: worst.type, counts: reading.counts, threshold: threshold)
        return ExposureObservation(
            value: Double(worst.level.rawValue), level: worst.level.rawValue,
            observedAt: ObservationTime(reading.time ?? ""), pollen: details)
    }

    /// The UV of `reading` against `threshold`: the local day's maximum (the current index
    /// when the maximum is unknown); nil without either.
    public static func uv(_ reading: PollenReading, threshold: Int) -> ExposureObservation? {
        guard let index = reading.uvIndexMaximumToday ?? reading.uvIndex, let band = UVBand(index: index) else { return nil }
        return ExposureObservation(
            value: index, level: band.rawValue, observedAt: ObservationTime(reading.time ?? ""),
            uv: UVDetails(index: index, threshold: threshold))
    }
}

extension PollenDetails {
    /// The worst level among `counts` and its type: of the types at that level, the one
    /// highest relative to its group's high threshold (birch 95 over grass 21, both High);
    /// nil without counts.
    public static func worst(_ counts: [PollenType: Double]) -> (level: PollenLevel, type: PollenType)? {
        var best: (level: PollenLevel, type: PollenType, ratio: Double)?
        for type in PollenType.allCases {
            guard let count = counts[type], let level = PollenLevel(type, grainsPerCubicMetre: count) else { continue }
            let ratio = count / type.group.thresholds.high
            if let current = best, (current.level, current.ratio) >= (level, ratio) { continue }
            best = (level, type, ratio)
        }
        return best.map { ($0.level, $0.type) }
    }

    /// `Birch pollen High (95 grains/m³)`; `Pollen High` without a type.
    public var phrase: String {
        guard let type else { return "Pollen \(level.label)" }
        let count = counts[type].map { " (\(Self.format($0)) grains/m³)" } ?? ""
        return "\(type.label) pollen \(level.label)\(count)"
    }

    /// A count for people: whole grains below 10 and above, one decimal below 10 (`95`, `4.5`).
    public static func format(_ count: Double) -> String {
        guard count.isFinite, count < 1e15 else { return "\(count)" }
        if count >= 10 { return String(Int(count.rounded())) }
        let tenths = Int((count * 10).rounded())
        return tenths % 10 == 0 ? String(tenths / 10) : "\(tenths / 10).\(tenths % 10)"
    }
}
