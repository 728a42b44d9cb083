/// The WHO's exposure categories of the UV index (Global Solar UV Index, 2002): Low 0–2,
/// Moderate 3–5, High 6–7, Very High 8–10, Extreme 11+. An index is rounded to the nearest
/// whole number first, as the WHO reports it (2.4 is Low, 2.5 is Moderate).
public enum UVBand: Int, CaseIterable, Comparable, Sendable, Codable {
    case low
    case moderate
    case high
    case veryHigh
    case extreme

    /// The band of `index`; nil for a negative or non-finite index (no data).
    public init?(index: Double) {
        guard index.isFinite, index >= 0 else { return nil }
        switch index.rounded(.toNearestOrAwayFromZero) {
        case ..<3: self = .low
        case ..<6: self = .moderate
        case ..<8: self = .high
        case ..<11: self = .veryHigh
        default: self = .extreme
        }
    }

    /// The name shown to people: "Very High".
    public var label: String {
        switch self {
        case .low: "Low"
        case .moderate: "Moderate"
        case .high: "High"
        case .veryHigh: "Very High"
        case .extreme: "Extreme"
        }
    }

    /// A stable identifier: `low`, `moderate`, `high`, `very-high`, `extreme`.
    public var slug: String { self == .veryHigh ? "very-high" : label.lowercased() }

    /// The band's indices as the WHO writes them: `0–2`, `11+`.
    public var range: String {
        switch self {
        case .low: "0–2"
        case .moderate: "3–5"
        case .high: "6–7"
        case .veryHigh: "8–10"
        case .extreme: "11+"
        }
    }

    /// What to do, in a few words, after the WHO's sun protection advice for the band.
    public var advice: String {
        switch self {
        case .low: "No protection needed; safe to be outside."
        case .moderate: "Seek shade around midday; wear a hat, sunglasses and sunscreen."
        case .high: "Cover up, wear a hat, sunglasses and SPF 30+ sunscreen; shade from 11:00 to 15:00."
        case .veryHigh: "Avoid the midday sun; full protection is a must: shade, clothing, hat, SPF 30+."
        case .extreme: "Stay indoors around midday if you can; unprotected skin burns in minutes."
        }
    }

    public static func < (lhs: UVBand, rhs: UVBand) -> Bool { lhs.rawValue < rhs.rawValue }
}
