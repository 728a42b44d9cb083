/// The model grid point Open-Meteo answered a place with (the `latitude` and `longitude` of its
/// answer, not the place's own): places answered with the same point get the same values, so
/// they can be asked for as one location.
public struct GridCell: Sendable, Hashable, Codable {
    /// Degrees north of the grid point.
    public var latitude: Double
    /// Degrees east of the grid point.
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// The grid point of an answer, nil when it gave none or one no place has (not finite,
    /// off the globe): such an answer shares nothing.
    public init?(answeredLatitude latitude: Double?, longitude: Double?) {
        guard let latitude, let longitude, latitude.isFinite, longitude.isFinite,
            abs(latitude) <= 90, abs(longitude) <= 180
        else { return nil }
        self.init(latitude: latitude, longitude: longitude)
    }
}
