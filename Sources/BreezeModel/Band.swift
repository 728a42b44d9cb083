/// Breeze's eight display bands of the US AQI, from best to worst.
///
/// Breeze splits EPA's Good and Moderate categories in two, so a change inside them is visible.
/// Bands are ordered: a rule "at or above Unhealthy" compares with `>=`.
public enum Band: Int, CaseIterable, Comparable, Sendable, Codable {
    case excellent
    case good
    case moderate
    case slightlyHigh
    case unhealthyForSensitiveGroups
    case unhealthy
    case veryUnhealthy
    case hazardous

    /// The band an AQI value falls in, or nil for no data (a negative value).
    public init?(aqi: Int) {
        guard aqi >= 0 else { return nil }
        guard let band = Band.allCases.last(where: { $0.lowerBound <= aqi }) else { return nil }
        self = band
    }

    /// The band named by its slug, as written in configuration files.
    public init?(slug: String) {
        guard let band = Band.allCases.first(where: { $0.slug == slug }) else { return nil }
        self = band
    }

    /// The lowest AQI in the band.
    public var lowerBound: Int {
        switch self {
        case .excellent: 0
        case .good: 26
        case .moderate: 51
        case .slightlyHigh: 76
        case .unhealthyForSensitiveGroups: 101
        case .unhealthy: 151
        case .veryUnhealthy: 201
        case .hazardous: 301
        }
    }

    /// The highest AQI in the band; nil for Hazardous, which is open-ended.
    public var upperBound: Int? {
        guard let next = Band(rawValue: rawValue + 1) else { return nil }
        return next.lowerBound - 1
    }

    /// The stable identifier used in configuration, JSON and journal fields.
    public var slug: String {
        switch self {
        case .excellent: "excellent"
        case .good: "good"
        case .moderate: "moderate"
        case .slightlyHigh: "slightly-high"
        case .unhealthyForSensitiveGroups: "unhealthy-for-sensitive-groups"
        case .unhealthy: "unhealthy"
        case .veryUnhealthy: "very-unhealthy"
        case .hazardous: "hazardous"
        }
    }

    public static func < (lhs: Band, rhs: Band) -> Bool { lhs.rawValue < rhs.rawValue }
}
