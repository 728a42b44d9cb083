/// The pollen types Open-Meteo's air-quality API reports (Europe only, in season).
public enum PollenType: String, CaseIterable, Sendable, Codable, Hashable {
    /// Alder (tree).
    case alder
    /// Birch (tree).
    case birch
    /// Grasses.
    case grass
    /// Mugwort (weed).
    case mugwort
    /// Olive (tree).
    case olive
    /// Ragweed (weed).
    case ragweed

    /// The variable name in Open-Meteo's air-quality API, e.g. `birch_pollen`.
    public var openMeteoVariable: String { rawValue + "_pollen" }

    /// The name shown to people: "Birch".
    public var label: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }

    /// Which of the count scale's plant groups the type belongs to.
    public var group: PollenGroup {
        switch self {
        case .alder, .birch, .olive: .tree
        case .grass: .grass
        case .mugwort, .ragweed: .weed
        }
    }
}

/// Plant groups with their own count thresholds.
public enum PollenGroup: String, CaseIterable, Sendable, Codable, Hashable {
    /// Tree pollen.
    case tree
    /// Grasses.
    case grass
    /// Weed pollen.
    case weed

    // Thresholds (grains/m³) of the US National Allergy Bureau's pollen count scale (AAAAI):
    // trees low 1–14, moderate 15–89, high 90–1499, very high ≥ 1500; grasses 1–4, 5–19,
    // 20–199, ≥ 200; weeds 1–9, 10–49, 50–499, ≥ 500. NAB counts are daily means from volumetric
    // traps; Open-Meteo's values are hourly CAMS model forecasts, so the levels are approximations.
    /// The lowest count (grains/m³) of the moderate, high and very high levels.
    public var thresholds: (moderate: Double, high: Double, veryHigh: Double) {
        switch self {
        case .tree: (15, 90, 1500)
        case .grass: (5, 20, 200)
        case .weed: (10, 50, 500)
        }
    }
}

/// How much pollen is in the air, from none to very high.
public enum PollenLevel: Int, CaseIterable, Comparable, Sendable, Codable {
    /// Under 1 grain/m³.
    case none
    /// From 1 grain/m³ to below the moderate threshold.
    case low
    /// From the moderate threshold.
    case moderate
    /// From the high threshold.
    case high
    /// From the very high threshold.
    case veryHigh

    /// The level of `grainsPerCubicMetre` of `type`: none below 1 grain/m³, then the NAB
    /// thresholds of the type's group; nil for a negative or non-finite count (no data).
    public init?(_ type: PollenType, grainsPerCubicMetre count: Double) {
        guard count.isFinite, count >= 0 else { return nil }
        let thresholds = type.group.thresholds
        switch count {
        case ..<1: self = .none
        case ..<thresholds.moderate: self = .low
        case ..<thresholds.high: self = .moderate
        case ..<thresholds.veryHigh: self = .high
        default: self = .veryHigh
        }
    }

    /// The name shown to people: "Very High".
    public var label: String {
        switch self {
        case .none: "None"
        case .low: "Low"
        case .moderate: "Moderate"
        case .high: "High"
        case .veryHigh: "Very High"
        }
    }

    /// A stable identifier: `none`, `low`, `moderate`, `high`, `very-high`.
    public var slug: String { self == .veryHigh ? "very-high" : label.lowercased() }

    /// Orders levels from none to very high.
    public static func < (lhs: PollenLevel, rhs: PollenLevel) -> Bool { lhs.rawValue < rhs.rawValue }
}
