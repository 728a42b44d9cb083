import BreezeConfig
import BreezeModel

/// One request to a `[Sensor]`: what `SensorClient.fetch` asks and how it reads the answer.
///
/// Deliberately not `CustomStringConvertible`: it carries AirNow's API key.
public struct SensorRequest: Sendable, Equatable {
    public var kind: SensorKind
    /// The device's address (`http://192.168.1.50/json`), or AirNow's service.
    public var url: String
    /// The city's coordinates, which AirNow is asked about (the LAN kinds ignore them).
    public var latitude: Double
    public var longitude: Double
    /// AirNow's key, sent as `API_KEY=`; removed from every failure message.
    public var apiKey: String?
    /// How often the sensor is asked: what a sample without its own span covers.
    public var pollInterval: Duration
    /// The most the whole request may take.
    public var timeout: Duration

    public init(
        kind: SensorKind, url: String, latitude: Double = 0, longitude: Double = 0, apiKey: String? = nil,
        pollInterval: Duration, timeout: Duration = .seconds(10)
    ) {
        self.kind = kind
        self.url = url
        self.latitude = latitude
        self.longitude = longitude
        self.apiKey = apiKey
        self.pollInterval = pollInterval
        self.timeout = timeout
    }

    /// The request `settings` describe, for a sensor in the city at `latitude`, `longitude`.
    public init(_ settings: SensorSettings, latitude: Double, longitude: Double, timeout: Duration = .seconds(10)) {
        self.init(
            kind: settings.kind, url: settings.url, latitude: latitude, longitude: longitude,
            apiKey: settings.apiKey?.value, pollInterval: settings.pollInterval, timeout: timeout)
    }

    /// The URL asked: `url` itself for a device; for AirNow `url` with
    /// `?format=application/json&latitude=…&longitude=…&API_KEY=…`.
    public var query: [(String, String)] {
        guard kind == .airNow else { return [] }
        return [
            ("format", "application/json"), ("latitude", Self.coordinate(latitude)),
            ("longitude", Self.coordinate(longitude)), ("API_KEY", apiKey ?? ""),
        ]
    }

    /// A coordinate to four decimals (about 11 m), as AirNow's examples write them.
    static func coordinate(_ value: Double) -> String {
        // Config checks coordinates; a value off the globe must still not trap `Int()`.
        guard value.isFinite, abs(value) <= 360 else { return "0" }
        let scaled = (value * 10_000).rounded()
        let sign = scaled < 0 ? "-" : ""
        let whole = Int(abs(scaled)) / 10_000
        let fraction = Int(abs(scaled)) % 10_000
        let digits = String(fraction)
        return sign + "\(whole)." + String(repeating: "0", count: 4 - digits.count) + digits
    }
}
