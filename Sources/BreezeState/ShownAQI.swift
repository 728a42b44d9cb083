import BreezeModel

/// The AQI a city shows, as the status page, `/metrics`, `/api/v1` and `breezectl status` all
/// read it: the alerting AQI, its source and Open-Meteo's. A state from before Breeze kept the
/// alerting AQI shows Open-Meteo's value, as it alerted on then, without a source.
public struct ShownAQI: Sendable, Equatable {
    /// The AQI alerts act on; nil when the source gave none.
    public var aqi: Int?
    /// Where `aqi` came from; nil in a state from before the alerting AQI was kept.
    public var source: AQISource?
    /// Open-Meteo's own us_aqi in the same reading.
    public var openMeteo: Int?

    public init(aqi: Int?, source: AQISource?, openMeteo: Int?) {
        self.aqi = aqi
        self.source = source
        self.openMeteo = openMeteo
    }

    /// What `record` shows.
    public init(_ record: CityRecord) {
        guard let alerting = record.alerting else {
            self.init(aqi: record.lastReading?.usAQI, source: nil, openMeteo: record.lastReading?.usAQI)
            return
        }
        self.init(aqi: alerting.aqi, source: alerting.source, openMeteo: alerting.openMeteoAQI)
    }
}

extension CityRecord {
    /// The AQI this city shows (`ShownAQI`).
    public var shownAQI: ShownAQI { ShownAQI(self) }
}
