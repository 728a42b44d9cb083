/// The path breezed appends to each Open-Meteo base URL (`ApiURL=`, `GeocodingURL=`,
/// `ArchiveURL=`) to reach its endpoint; known here so that a base URL already ending in one,
/// which would be asked as `…/v1/archive/v1/archive` and answer 404, is refused at load.
public enum OpenMeteoPath {
    /// `ApiURL=` + this: the air-quality API.
    public static let airQuality = "/v1/air-quality"
    /// `GeocodingURL=` + this: the geocoding search.
    public static let geocoding = "/v1/search"
    /// `ArchiveURL=` + this: the historical-weather archive.
    public static let archive = "/v1/archive"

    static let all = [airQuality, geocoding, archive]

    /// The base URL `url` stands for when its path ends in an endpoint path (a trailing `/`,
    /// `?query` or `#fragment` aside), with the path it ended in; nil when it ends in none.
    static func base(of url: String) -> (base: String, path: String)? {
        let end = url.firstIndex { $0 == "?" || $0 == "#" } ?? url.endIndex
        var withoutQuery = url[..<end]
        while withoutQuery.hasSuffix("/") { withoutQuery.removeLast() }
        for path in all where withoutQuery.lowercased().hasSuffix(path) {
            return (String(withoutQuery.dropLast(path.count)), path)
        }
        return nil
    }
}
