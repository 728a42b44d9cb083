/// Where Open-Meteo has pollen at all: the CAMS European air-quality domain (its regional
/// ensemble's grid, 30°N–72°N, 25°W–45°E; Open-Meteo's `cams_europe`). Elsewhere the pollen
/// variables are always null, and in the domain they are null out of season.
public enum PollenCoverage {
    /// The domain's bounds in degrees, inclusive.
    public static let latitudes: ClosedRange<Double> = 30...72
    public static let longitudes: ClosedRange<Double> = -25...45

    /// Whether the model can have pollen at this coordinate.
    public static func covers(latitude: Double, longitude: Double) -> Bool {
        latitudes.contains(latitude) && longitudes.contains(longitude)
    }

    /// `30°N–72°N, 25°W–45°E`, for messages.
    public static let description = "the CAMS European domain, 30°N–72°N, 25°W–45°E"
}
