import BreezeAlerts
import BreezeConfig
import BreezeHTTP
import BreezeModel
import BreezeVocabulary

/// Current readings from Open-Meteo over libcurl: all cities batched, retries inside the
/// cycle's deadline, each city's own result.
public struct OpenMeteoSource: AirQualitySource {
    private let client: AirQualityClient

    public init(client: AirQualityClient) { self.client = client }

    /// The production source for `settings`: libcurl with the configured timeout, retries
    /// timed by `clock` (the daemon's: its cycle deadline and the retries read one clock).
    public init(
        settings: BreezeSettings, userAgent: String,
        clock: @escaping @Sendable () -> ClockReading = ClockReading.system
    ) {
        let transport = CurlTransport(settings: settings, userAgent: userAgent)
        self.init(
            client: AirQualityClient(
                endpoints: OpenMeteoEndpoints(settings), transport: transport,
                environment: RetryEnvironment(clock: clock)))
    }

    public func currentReadings(for cities: [City], deadline: Deadline)
        -> [Result<Reading, SourceFailure>]
    {
        polls(for: cities, deadline: deadline).map { $0.map(\.reading) }
    }

    /// Each city's reading and the current AQI of its hourly series (`CurrentAirQuality` at
    /// the current hour), or why its hours are unusable.
    public func polls(for cities: [City], deadline: Deadline) -> [Result<CityPoll, SourceFailure>] {
        var uncounted: [String: Int] = [:]
        return polls(for: cities, deadline: deadline, requests: &uncounted)
    }

    /// The polls, each request counted in `requests` as it ends (retries too).
    public func polls(for cities: [City], deadline: Deadline, requests: inout [String: Int])
        -> [Result<CityPoll, SourceFailure>]
    {
        polls(for: cities, deadline: deadline, requests: &requests) { _, _ in }
    }

    /// The polls, each city's handed to `reduce` as soon as its batch is read (while the next
    /// batch is on the wire), each request counted in `requests` as it ends (retries too).
    public func polls(
        for cities: [City], deadline: Deadline, requests: inout [String: Int],
        reducing reduce: (_ index: Int, inout CityPoll) -> Void
    ) -> [Result<CityPoll, SourceFailure>] {
        let coordinates = cities.map { Coordinate(latitude: $0.latitude, longitude: $0.longitude) }
        let endpoints = client.endpoints
        let results = client.poll(for: coordinates, deadline: deadline, counted: { requests[$0.rawValue, default: 0] += 1 }) {
            index, conditions in
            var poll = Self.cityPoll(conditions)
            reduce(index, &poll)
            return poll
        }
        return results.map { result in
            result.mapError { error in
                // Error texts can carry the request URL; the API key must never reach a log.
                SourceFailure(message: endpoints.redacting(error.description), permanent: !error.isTransient)
            }
        }
    }

    static func cityPoll(_ conditions: PollConditions) -> CityPoll {
        CityPoll(
            reading: conditions.current.reading, hourly: conditions.hourlyCurrentAQI,
            hourlyProblems: conditions.hourly.problems, forecast: ForecastSeries(grid: conditions.hourly),
            gridCell: conditions.gridCell)
    }
}
