import BreezeAlerts
import BreezeModel
import BreezeVocabulary

/// One city's answer to a poll: its current reading and the hourly forecast that came in the
/// same response (nil when the source has none).
public struct PolledConditions: Sendable, Equatable {
    public var reading: Reading
    public var forecast: ForecastSeries?

    public init(reading: Reading, forecast: ForecastSeries? = nil) {
        self.reading = reading
        self.forecast = forecast
    }
}

extension AirQualitySource {
    /// A source without forecasts: its readings alone.
    public func conditions(for cities: [City], deadline: Deadline)
        -> [Result<PolledConditions, SourceFailure>]
    {
        currentReadings(for: cities, deadline: deadline).map { $0.map { PolledConditions(reading: $0) } }
    }
}
