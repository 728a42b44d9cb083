import BreezeModel
import BreezeVocabulary

/// One answer of a device on the LAN, read and checked: its PM2.5 after correction, or why it
/// cannot be used.
public struct SensorSample: Sendable, Hashable {
    /// When the sample was taken: the device's own time when it gives one that is not ahead of
    /// the clock, else when the answer arrived.
    public var at: Instant
    /// The span the value averages, ending at `at` (a PurpleAir `/json` answer: its `period`,
    /// 120 s): the minutes it covers towards an hour's mean.
    public var covers: Duration
    /// PM2.5 in µg/m³ after `correction`; nil when the sample is invalid.
    public var pm2_5: Double?
    /// PM2.5 as the device gave it, before correction (for PurpleAir the mean of its channels).
    public var rawPM2_5: Double?
    /// Relative humidity in % the correction used; nil when the device gave none.
    public var humidity: Double?
    /// The device's own id (`SensorId`, `serialno`), when it gives one; shown, never trusted.
    public var deviceID: String?
    /// Which correction made `pm2_5` from `rawPM2_5`.
    public var correction: SensorCorrection
    /// Why the sample is not used; nil when it is valid.
    public var invalidReason: String?

    public init(
        at: Instant, covers: Duration, pm2_5: Double?, rawPM2_5: Double?, humidity: Double? = nil,
        deviceID: String? = nil, correction: SensorCorrection, invalidReason: String? = nil
    ) {
        self.at = at
        self.covers = covers
        self.pm2_5 = pm2_5
        self.rawPM2_5 = rawPM2_5
        self.humidity = humidity
        self.deviceID = deviceID
        self.correction = correction
        self.invalidReason = invalidReason
    }

    /// Whether the sample counts towards its hour.
    public var isValid: Bool { invalidReason == nil && pm2_5 != nil }
}

/// Which correction a sample's PM2.5 went through.
public enum SensorCorrection: String, Sendable, Hashable {
    /// EPA's US-wide PurpleAir correction, as the AirNow Fire and Smoke Map applies it
    /// (`EPACorrection`).
    case epaPurpleAir = "epa-purpleair"
    /// The device corrected it itself (AirGradient's `pm02Compensated`).
    case device
    /// None: no agreed correction exists (sensor.community's SDS011 and its kin).
    case none
}

/// One AirNow observation near a city: one pollutant at the closest reporting monitor.
public struct AirNowObservation: Sendable, Hashable {
    /// `parameterName`: "PM2.5", "OZONE", "PM10", …, as AirNow spells it.
    public var parameter: String
    /// The pollutant, when Breeze knows it.
    public var pollutant: Pollutant?
    /// `nowcastAQI`, checked to be on the AQI scale.
    public var nowCastAQI: Int
    /// `siteName`: the monitor.
    public var siteName: String
    /// `reportingAreaName`.
    public var reportingArea: String?
    /// `reportingAgency`.
    public var agency: String?
    /// The start of the observed hour (`dateObserved` + `hourObserved` in `localTimeZone`);
    /// nil when AirNow's text could not be read.
    public var hourStart: Instant?

    public init(
        parameter: String, pollutant: Pollutant?, nowCastAQI: Int, siteName: String, reportingArea: String? = nil,
        agency: String? = nil, hourStart: Instant? = nil
    ) {
        self.parameter = parameter
        self.pollutant = pollutant
        self.nowCastAQI = nowCastAQI
        self.siteName = siteName
        self.reportingArea = reportingArea
        self.agency = agency
        self.hourStart = hourStart
    }
}

/// What one request to a `[Sensor]` gave.
public enum SensorAnswer: Sendable, Hashable {
    /// A device's sample (valid or not: `SensorSample.invalidReason`).
    case sample(SensorSample)
    /// AirNow's observations near the city, one per pollutant (may be empty: no data).
    case airNow([AirNowObservation])
}

/// Why a request to a `[Sensor]` gave nothing: the transfer failed, or the body is not what
/// the kind answers. `message` is one sentence, redacted of the API key, for records and events.
public struct SensorFailure: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    /// Whether AirNow said its hourly limit was reached: no request until the next hour.
    public var limitReached: Bool

    public init(_ message: String, limitReached: Bool = false) {
        self.message = message
        self.limitReached = limitReached
    }

    public var description: String { message }
}
