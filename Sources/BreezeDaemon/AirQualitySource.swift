import BreezeAlerts
import BreezeModel
import BreezeVocabulary

/// Why a city got no reading this cycle.
public struct SourceFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// A sentence for the journal; never holds a secret.
    public var message: String
    /// Whether retrying cannot help (a bad request, a rejected API key).
    public var permanent: Bool

    public init(message: String, permanent: Bool) {
        self.message = message
        self.permanent = permanent
    }

    public var description: String { message }
}

/// Where current readings come from (Open-Meteo in production, a fake in unit tests).
public protocol AirQualitySource: Sendable {
    /// One result per city, in the order given; must return by `deadline`.
    func currentReadings(for cities: [City], deadline: Deadline) -> [Result<Reading, SourceFailure>]
    /// The readings with the hourly forecast of the same response (`PolledConditions.swift`
    /// gives every source one without forecasts).
    func conditions(for cities: [City], deadline: Deadline) -> [Result<PolledConditions, SourceFailure>]
}

/// A city as the daemon watches it: the configured name keys its state.
public struct WatchedCity: Sendable, Equatable {
    public var city: City
    public var rule: AlertRule

    public init(city: City, rule: AlertRule) {
        self.city = city
        self.rule = rule
    }
}
