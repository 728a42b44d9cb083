import BreezeModel

/// A point on Earth, in degrees.
public struct Coordinate: Sendable, Hashable {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// The larger of the latitude and longitude differences to `other`, in degrees, taking the
    /// short way round the antimeridian.
    func distanceInDegrees(to other: Coordinate) -> Double {
        let longitudeDifference = abs(longitude - other.longitude).truncatingRemainder(dividingBy: 360)
        return max(abs(latitude - other.latitude), min(longitudeDifference, 360 - longitudeDifference))
    }

    /// Degrees as sent to Open-Meteo: fixed-point, at most five decimals (about a metre), never
    /// in exponent form.
    static func format(_ degrees: Double) -> String {
        let scaled = Int((abs(degrees) * 100_000).rounded())
        let whole = scaled / 100_000
        var fraction = String(scaled % 100_000)
        fraction = String(repeating: "0", count: 5 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        let sign = degrees < 0 && scaled != 0 ? "-" : ""
        return sign + String(whole) + (fraction.isEmpty ? "" : "." + fraction)
    }
}

extension City {
    /// Where the city is.
    public var coordinate: Coordinate { Coordinate(latitude: latitude, longitude: longitude) }
}
