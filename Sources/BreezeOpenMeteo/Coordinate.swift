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
    /// in exponent form. A value no place has (a server's latitude of 1e300) is written as Swift
    /// writes it, never converted to an integer.
    static func format(_ degrees: Double) -> String {
        guard degrees.isFinite, abs(degrees) < 1e9 else { return String(degrees) }
        let scaled = Int((abs(degrees) * 100_000).rounded())
        // Digits written right to left into a small buffer: this runs twice per city per poll.
        return String(unsafeUninitializedCapacity: 32) { buffer in
            var position = buffer.count
            func put(_ byte: UInt8) {
                position -= 1
                buffer[position] = byte
            }
            var fraction = scaled % 100_000
            var places = 5
            while places > 0, fraction % 10 == 0 {
                fraction /= 10
                places -= 1
            }
            if places > 0 {
                for _ in 0..<places {
                    put(UInt8(ascii: "0") + UInt8(fraction % 10))
                    fraction /= 10
                }
                put(UInt8(ascii: "."))
            }
            var whole = scaled / 100_000
            repeat {
                put(UInt8(ascii: "0") + UInt8(whole % 10))
                whole /= 10
            } while whole > 0
            if degrees < 0 && scaled != 0 { put(UInt8(ascii: "-")) }
            let length = buffer.count - position
            for offset in 0..<length { buffer[offset] = buffer[position + offset] }
            return length
        }
    }
}

extension City {
    /// Where the city is.
    public var coordinate: Coordinate { Coordinate(latitude: latitude, longitude: longitude) }
}
