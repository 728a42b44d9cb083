import BreezeConfig
import BreezeVocabulary
import FoundationEssentials

/// When one city's forecast alerts go out: its forecast settings reduced to what
/// `ForecastStateMachine` needs.
public struct ForecastRule: Sendable, Equatable {
    /// A coming day is announced when its peak AQI is at or above this.
    public var threshold: Int
    /// Minutes after local midnight from which the farthest day is decided (0…1439).
    public var decideAtMinute: Int
    /// How many coming days are announced (1 = tomorrow).
    public var days: Int
    /// The city's zone: its local days and `decideAtMinute` are read in it.
    public var timeZone: CivilZone
    /// Whether a `forecast-cleared` event is sent (`SendResolved=`, as for the current air).
    public var sendCleared: Bool

    public init(
        threshold: Int, decideAtMinute: Int = 16 * 60, days: Int = 1, timeZone: CivilZone, sendCleared: Bool = true
    ) {
        self.threshold = threshold
        self.sendCleared = sendCleared
        self.decideAtMinute = min(max(0, decideAtMinute), 24 * 60 - 1)
        self.days = max(1, days)
        self.timeZone = timeZone
    }
}

extension ForecastRule {
    /// The rule of a city's settings: its `ForecastThreshold=` (else its `Threshold=`), read in
    /// its `TimeZone=` (else the system's); nil when its forecast alerts are off.
    public init?(_ city: CityConfiguration, systemTimeZone: CivilZone = .current) {
        guard let threshold = city.alert.forecast.threshold.resolved(alert: city.alert.threshold) else { return nil }
        self.init(
            threshold: threshold.aqi, decideAtMinute: city.alert.forecast.decideAtMinute,
            days: city.alert.forecast.days,
            timeZone: CivilCalendar.zone([city.city.timeZone], system: systemTimeZone),
            sendCleared: city.alert.sendResolved)
    }
}
