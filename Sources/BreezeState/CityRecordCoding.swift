import BreezeAlerts
import BreezeModel
import BreezeVocabulary

/// A city record as `JSONEncoder`/`JSONDecoder` see it, the form `StateJSONWriter` writes:
/// every member as its property is named, the optional ones only when set, and
/// `sourceAlerts` only when the city has a sensor's alert, so a state file from before
/// `[Sensor]` sections (without `ground` and `sourceAlerts`) reads as a city without sensors.
extension CityRecord {
    enum CodingKeys: String, CodingKey {
        case city, lastReading, alerting, band, bandSince, lastPollAt, lastSuccessfulPollAt, lastError, alert
        case forecast, sensitiveAlert, pollenAlert, uvAlert, ground, sourceAlerts, gridCell
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(city: try container.decode(City.self, forKey: .city))
        lastReading = try container.decodeIfPresent(Reading.self, forKey: .lastReading)
        alerting = try container.decodeIfPresent(AlertingAQI.self, forKey: .alerting)
        band = try container.decodeIfPresent(Band.self, forKey: .band)
        bandSince = try container.decodeIfPresent(Instant.self, forKey: .bandSince)
        lastPollAt = try container.decodeIfPresent(Instant.self, forKey: .lastPollAt)
        lastSuccessfulPollAt = try container.decodeIfPresent(Instant.self, forKey: .lastSuccessfulPollAt)
        lastError = try container.decodeIfPresent(String.self, forKey: .lastError)
        alert = try container.decode(CityAlertState.self, forKey: .alert)
        forecast = try container.decodeIfPresent(CityForecastState.self, forKey: .forecast)
        sensitiveAlert = try container.decodeIfPresent(CityAlertState.self, forKey: .sensitiveAlert)
        pollenAlert = try container.decodeIfPresent(CityAlertState.self, forKey: .pollenAlert)
        uvAlert = try container.decodeIfPresent(CityAlertState.self, forKey: .uvAlert)
        ground = try container.decodeIfPresent(CityGround.self, forKey: .ground)
        sourceAlerts = try container.decodeIfPresent([String: CityAlertState].self, forKey: .sourceAlerts) ?? [:]
        gridCell = try container.decodeIfPresent(GridCell.self, forKey: .gridCell)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(city, forKey: .city)
        try container.encodeIfPresent(lastReading, forKey: .lastReading)
        try container.encodeIfPresent(alerting, forKey: .alerting)
        try container.encodeIfPresent(band, forKey: .band)
        try container.encodeIfPresent(bandSince, forKey: .bandSince)
        try container.encodeIfPresent(lastPollAt, forKey: .lastPollAt)
        try container.encodeIfPresent(lastSuccessfulPollAt, forKey: .lastSuccessfulPollAt)
        try container.encodeIfPresent(lastError, forKey: .lastError)
        try container.encode(alert, forKey: .alert)
        try container.encodeIfPresent(forecast, forKey: .forecast)
        try container.encodeIfPresent(sensitiveAlert, forKey: .sensitiveAlert)
        try container.encodeIfPresent(pollenAlert, forKey: .pollenAlert)
        try container.encodeIfPresent(uvAlert, forKey: .uvAlert)
        try container.encodeIfPresent(ground, forKey: .ground)
        if !sourceAlerts.isEmpty { try container.encode(sourceAlerts, forKey: .sourceAlerts) }
        try container.encodeIfPresent(gridCell, forKey: .gridCell)
    }
}
