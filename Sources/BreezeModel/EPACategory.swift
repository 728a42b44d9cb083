/// EPA's six AQI categories, from best to worst.
public enum EPACategory: Int, CaseIterable, Comparable, Sendable, Codable {
    /// AQI 0–50.
    case good
    /// AQI 51–100.
    case moderate
    /// AQI 101–150.
    case unhealthyForSensitiveGroups
    /// AQI 151–200.
    case unhealthy
    /// AQI 201–300.
    case veryUnhealthy
    /// AQI 301–500, and beyond.
    case hazardous

    /// The category an AQI value falls in, or nil for no data (a negative value). Values above
    /// 500 ("beyond the AQI") are Hazardous too.
    public init?(aqi: Int) {
        guard aqi >= 0 else { return nil }
        self = EPACategory.allCases.last(where: { $0.aqiRange.lowerBound <= aqi })!
    }

    /// The AQI values EPA assigns to the category.
    public var aqiRange: ClosedRange<Int> {
        switch self {
        case .good: 0...50
        case .moderate: 51...100
        case .unhealthyForSensitiveGroups: 101...150
        case .unhealthy: 151...200
        case .veryUnhealthy: 201...300
        case .hazardous: 301...500
        }
    }

    /// EPA's name for the category, e.g. "Unhealthy for Sensitive Groups".
    public var label: String {
        switch self {
        case .good: "Good"
        case .moderate: "Moderate"
        case .unhealthyForSensitiveGroups: "Unhealthy for Sensitive Groups"
        case .unhealthy: "Unhealthy"
        case .veryUnhealthy: "Very Unhealthy"
        case .hazardous: "Hazardous"
        }
    }

    /// A stable identifier, the same words as the matching Breeze band's slug.
    public var slug: String {
        switch self {
        case .good: "good"
        case .moderate: "moderate"
        case .unhealthyForSensitiveGroups: "unhealthy-for-sensitive-groups"
        case .unhealthy: "unhealthy"
        case .veryUnhealthy: "very-unhealthy"
        case .hazardous: "hazardous"
        }
    }

    /// Orders categories from best to worst.
    public static func < (lhs: EPACategory, rhs: EPACategory) -> Bool { lhs.rawValue < rhs.rawValue }
}
