import BreezeAlerts
import BreezeConfig
import BreezeHTTP
import BreezeModel
import BreezeVocabulary

/// Current readings from Open-Meteo over libcurl: all cities batched, retries inside the
/// cycle's deadline, each city's own result. Each city's poll is its reading and the current
/// AQI of its hourly series (`CurrentAirQuality` at the current hour), or why its hours are
/// unusable; every request is counted as it ends (retries too).
public struct OpenMeteoSource: AskingAirQualitySource {
    private let client: AirQualityClient
    private let modelRunClient: ModelRunClient

    public init(client: AirQualityClient) {
        self.client = client
        modelRunClient = ModelRunClient(core: client.core)
    }

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

    /// The polls in groups by shape (`PollAsk.shape`), each its own batches: the cities whose
    /// forecast is asked for (`PollRequestShape.standard`), then those asking the whole
    /// window without it (`withoutForecast`), then those asking the recent hours (`recent`,
    /// each answer laid over the city's kept hours); every result back at its city's index,
    /// `reduce` told that index.
    public func polls(
        for cities: [City], asks: [PollAsk], deadline: Deadline, requests: inout [String: Int],
        reducing reduce: (_ index: Int, inout CityPoll) -> Void
    ) -> [Result<CityPoll, SourceFailure>] {
        precondition(asks.count == cities.count, "one ask per city")
        let endpoints = client.endpoints
        var results = [Result<CityPoll, SourceFailure>?](repeating: nil, count: cities.count)
        for shape in [PollRequestShape.standard, .withoutForecast, .recent] {
            let indices = cities.indices.filter { asks[$0].shape == shape }
            guard !indices.isEmpty else { continue }
            let coordinates = indices.map { Coordinate(latitude: cities[$0].latitude, longitude: cities[$0].longitude) }
            let kept = shape == .recent ? indices.map { asks[$0].recent } : []
            let group = client.poll(
                for: coordinates, shape: shape, kept: kept, deadline: deadline,
                counted: { requests[$0.rawValue, default: 0] += 1 }
            ) { index, conditions in
                var poll = Self.cityPoll(conditions)
                poll.forecastIncluded = shape == .standard
                reduce(indices[index], &poll)
                return poll
            }
            for (offset, result) in group.enumerated() {
                results[indices[offset]] = result.mapError { error in
                    // Error texts can carry the request URL; the API key must never reach a log.
                    SourceFailure(message: endpoints.redacting(error.description), permanent: !error.isTransient)
                }
            }
        }
        return results.map { $0 ?? .failure(SourceFailure(message: "no result for this city", permanent: false)) }
    }

    /// Each domain's `meta.json`, one request each, in order.
    public func modelRuns(_ domains: [ModelDomain], deadline: Deadline, requests: inout [String: Int])
        -> [ModelDomain: Result<ModelRunMeta, SourceFailure>]
    {
        var runs: [ModelDomain: Result<ModelRunMeta, SourceFailure>] = [:]
        for domain in domains {
            runs[domain] = modelRunClient.lastRun(
                of: domain, deadline: deadline, counted: { requests[$0.rawValue, default: 0] += 1 }
            ).mapError { error in
                SourceFailure(message: client.endpoints.redacting(error.description), permanent: !error.isTransient)
            }
        }
        return runs
    }

    static func cityPoll(_ conditions: PollConditions) -> CityPoll {
        CityPoll(
            reading: conditions.current.reading, hourly: conditions.hourlyCurrentAQI,
            hourlyProblems: conditions.hourly.problems, forecast: ForecastSeries(grid: conditions.hourly),
            gridCell: conditions.gridCell)
    }
}
