import BreezeModel

/// The AQI a city shows, as the status page, `/metrics`, `/api/v1` and `breezectl status` all
/// read it: the alerting AQI, its source and Open-Meteo's, and when a sensor rated it, which
/// one and the model's value beside. A state from before Breeze kept the alerting AQI shows
/// Open-Meteo's value, as it alerted on then, without a source.
public struct ShownAQI: Sendable, Equatable {
    /// The AQI alerts act on; nil when the source gave none.
    public var aqi: Int?
    /// Where `aqi` came from; nil in a state from before the alerting AQI was kept.
    public var source: AQISource?
    /// Open-Meteo's own us_aqi in the same reading.
    public var openMeteo: Int?
    /// With `source == .sensor`: the sensor's label, and the model's value beside.
    public var sensor: SensorRating?

    public init(aqi: Int?, source: AQISource?, openMeteo: Int?, sensor: SensorRating? = nil) {
        self.aqi = aqi
        self.source = source
        self.openMeteo = openMeteo
        self.sensor = sensor
    }

    /// `sensor backyard` when a sensor rated the AQI, else the source's name in the state
    /// (`nowcast`, `open-meteo`); nil without a source.
    public var sourceLabel: String? {
        source == .sensor ? sensor?.label ?? AQISource.sensor.rawValue : source?.rawValue
    }

    /// What `record` shows.
    public init(_ record: CityRecord) {
        guard let alerting = record.alerting else {
            self.init(aqi: record.lastReading?.usAQI, source: nil, openMeteo: record.lastReading?.usAQI)
            return
        }
        self.init(
            aqi: alerting.aqi, source: alerting.source, openMeteo: alerting.openMeteoAQI,
            sensor: alerting.source == .sensor ? alerting.sensor : nil)
    }
}

extension CityRecord {
    /// The AQI this city shows (`ShownAQI`).
    public var shownAQI: ShownAQI { ShownAQI(self) }
}
