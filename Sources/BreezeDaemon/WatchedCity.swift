import BreezeAlerts
import BreezeModel

/// A city as the daemon watches it: the configured name keys its state.
public struct WatchedCity: Sendable, Equatable {
    public var city: City
    public var rule: AlertRule
    /// Which AQI the rule acts on (`AQISource=`).
    public var aqiSource: AQISource
    /// The rule of the city's second machine, at `SensitiveThreshold=`; nil when no
    /// `Audience=sensitive` receiver needs one (`AudienceRouting`).
    public var sensitiveRule: AlertRule?

    public init(city: City, rule: AlertRule, aqiSource: AQISource = .nowcast) {
        self.city = city
        self.rule = rule
        self.aqiSource = aqiSource
    }
}
