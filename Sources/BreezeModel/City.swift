import BreezeVocabulary
import FoundationEssentials

/// A place Breeze watches or found by search.
public struct City: Sendable, Hashable, Codable {
    public var name: String
    /// Country name as the geocoder gives it, if any.
    public var country: String?
    /// First-level administrative area (state, region), if any.
    public var admin1: String?
    /// Degrees north, −90…90.
    public var latitude: Double
    /// Degrees east, −180…180.
    public var longitude: Double
    /// IANA time zone name, if known.
    public var timeZone: String?

    public init(
        name: String, country: String? = nil, admin1: String? = nil,
        latitude: Double, longitude: Double, timeZone: String? = nil
    ) {
        self.name = name
        self.country = country
        self.admin1 = admin1
        self.latitude = latitude
        self.longitude = longitude
        self.timeZone = timeZone
    }

    /// Name, region and country joined with ", ", skipping empty or repeated parts
    /// ("Berlin, Deutschland", not "Berlin, Berlin, Deutschland").
    public var displayName: String {
        var parts: [String] = []
        for part in [name, admin1 ?? "", country ?? ""] where !part.isEmpty && !parts.contains(part) {
            parts.append(part)
        }
        return parts.joined(separator: ", ")
    }
}

extension City {
    /// The zone every time about this city is shown in: its `TimeZone=` when a known zone,
    /// else the system's (`TimeText.zone`).
    public var zone: CivilZone { TimeText.zone(timeZone) }
}
