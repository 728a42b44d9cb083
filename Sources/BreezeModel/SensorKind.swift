/// Which kind of source a `[Sensor]` section reads (`Kind=`): a device on the user's own
/// network, or AirNow's official monitors.
public enum SensorKind: String, Sendable, Hashable, CaseIterable, Codable {
    /// A PurpleAir sensor's local JSON (`GET /json`): two laser channels, EPA-corrected.
    case purpleAir = "purpleair"
    /// An AirGradient monitor's local API (`GET /measures/current`).
    case airGradient = "airgradient"
    /// A sensor.community (airrohr) sensor's local `GET /data.json`; no correction.
    case sensorCommunity = "sensor-community"
    /// AirNow's current observations near the city (US; an API key).
    case airNow = "airnow"

    /// How people call the kind in messages: "PurpleAir", "AirGradient", "sensor.community",
    /// "AirNow".
    public var label: String {
        switch self {
        case .purpleAir: "PurpleAir"
        case .airGradient: "AirGradient"
        case .sensorCommunity: "sensor.community"
        case .airNow: "AirNow"
        }
    }
}

/// Where a sensor stands (`Placement=`): only an outdoor one rates the city's air.
public enum SensorPlacement: String, Sendable, Hashable, CaseIterable, Codable {
    case outdoor
    case indoor
}
