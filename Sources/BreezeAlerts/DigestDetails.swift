import BreezeModel
import BreezeVocabulary

/// What a daily digest (`AlertEventKind.digest`, `Digest=` on a receiver) carries: one entry
/// per city the receiver watches, made when the digest is due.
public struct DigestDetails: Sendable, Equatable, Codable {
    /// The receiver's local date, `YYYY-MM-DD`: one digest per receiver and day.
    public var day: String
    /// The receiver it is for.
    public var receiver: String
    /// Each city the receiver watches, in configuration order.
    public var cities: [DigestCity]

    public init(day: String, receiver: String, cities: [DigestCity]) {
        self.day = day
        self.receiver = receiver
        self.cities = cities
    }
}

/// One city's part of a digest. What is unknown is nil (never a made-up value).
public struct DigestCity: Sendable, Equatable, Codable {
    public var city: City
    /// The current AQI and band, nil without a reading.
    public var aqi: Int?
    public var band: Band?
    /// Today's forecast peak: AQI, band, the dominant pollutant, and the local hours
    /// (`HH:MM`, the city's zone) from the start of the first to the end of the last hour whose
    /// hourly AQI is at the peak's band or above (`24:00` for the day's end).
    public var forecastPeakAQI: Int?
    public var forecastPeakBand: Band?
    public var forecastDominant: Pollutant?
    public var forecastPeakFrom: String?
    public var forecastPeakUntil: String?
    /// The abbreviation of the city's zone those hours are in (`CET`), nil when not known.
    public var forecastPeakZone: String?
    /// The alerts open now, one short phrase each (`AQI: Unhealthy since 02:10`).
    public var openAlerts: [String]
    /// Pollen levels by type, nil when the model has no pollen here (never "none").
    public var pollen: [PollenType: PollenLevel]?
    /// Today's UV index maximum, nil when unknown.
    public var uvMaximum: Double?
    /// The climate line, in `TemperatureUnit=`: today's temperature compared with this day
    /// decades ago; nil when unknown.
    public var climate: String?
    /// When the current reading was observed, for people (`07:00 CET`, the date too when not
    /// today), in the city's zone; nil without a reading.
    public var observedAt: String?
    /// The AQI at which the city's alert fires (`Threshold=`): a forecast peak or a reading at
    /// or above it needs attention. Nil in digests from before it was kept.
    public var threshold: Int?

    public init(city: City) {
        self.city = city
        openAlerts = []
    }
}
