/// Which sensor rated a city's alerting AQI, and the model's value beside it
/// (`AlertingAQI.sensor`, `AlertEvent.sensor`).
public struct SensorRating: Sendable, Hashable, Codable {
    /// `sensor backyard`, `AirNow <site>`, or `sensor backyard, sensor porch (median)`.
    public var label: String
    /// The AQI the model gave (`AQISource=`'s, NowCast or Open-Meteo's) that the sensor's
    /// replaced; nil when the model had none.
    public var modelAQI: Int?
    /// Where `modelAQI` came from: `.nowcast` or `.openMeteo`.
    public var modelSource: AQISource

    public init(label: String, modelAQI: Int?, modelSource: AQISource) {
        self.label = label
        self.modelAQI = modelAQI
        self.modelSource = modelSource
    }
}

extension AlertingAQI {
    /// This AQI — the model's — replaced by `ground`'s outdoor AQI when an outdoor sensor has
    /// a NowCast; unchanged otherwise. The model's value stays beside it in `sensor`, and
    /// `openMeteoAQI` is kept. A sensor rates PM2.5 (AirNow: its own dominant parameter is
    /// not given per site, so PM2.5 too).
    public func rated(by ground: CityGround?) -> AlertingAQI {
        guard let ground, let aqi = ground.outdoorAQI, let label = ground.outdoorLabel else { return self }
        var rated = AlertingAQI(
            source: .sensor, aqi: aqi, dominantPollutant: .pm2_5, openMeteoAQI: openMeteoAQI,
            averages: [:], leftOut: [], mayUnderstate: false)
        rated.sensor = SensorRating(label: label, modelAQI: self.aqi, modelSource: source)
        return rated
    }
}
