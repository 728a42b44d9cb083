import BreezeConfig
import BreezeModel
import BreezeHTTP
import BreezeVocabulary

/// Fetches air quality for many places from Open-Meteo, as few requests as possible, one
/// after another.
///
/// Locations go in batches of at most `batchSize` (Open-Meteo accepts up to 1000 per request),
/// each batch one POST with its parameters in a form body. Every result is per location, in the
/// order asked: a batch that fails fails only its own locations, and a bad element only its own.
public struct AirQualityClient: Sendable {
    /// The most locations Open-Meteo accepts in one request.
    public static let maximumBatchSize = 1000

    public var endpoints: OpenMeteoEndpoints { core.endpoints }
    public let batchSize: Int
    private let core: OpenMeteoClientCore

    /// - Parameters:
    ///   - batchSize: locations per request, 1…1000 (smaller only in tests).
    ///   - observer: told of each retry before its wait, for logging.
    public init(
        endpoints: OpenMeteoEndpoints, transport: any HTTPTransport,
        batchSize: Int = maximumBatchSize, retryPolicy: RetryPolicy = .standard,
        environment: RetryEnvironment = .live, observer: RetryObserver? = nil
    ) {
        precondition((1...Self.maximumBatchSize).contains(batchSize), "batch size out of 1…1000")
        self.batchSize = batchSize
        core = OpenMeteoClientCore(
            endpoints: endpoints, transport: transport, retryPolicy: retryPolicy,
            environment: environment, observer: observer)
    }

    /// Current AQI and pollutants (`current=`), plus pollen when `includePollen` and each
    /// pollutant's AQI sub-index when `includeSubIndices`, one result per coordinate in the
    /// same order. No request starts, and no retry waits, past `deadline`.
    public func current(
        for coordinates: [Coordinate], includePollen: Bool = false, includeSubIndices: Bool = false,
        deadline: Deadline
    ) -> [Result<CurrentConditions, FetchError>] {
        let variables = AirQualityVariables.names(pollen: includePollen, subIndices: includeSubIndices)
            .joined(separator: ",")
        return fetch(coordinates, fields: [("current", variables)], deadline: deadline) {
            payload, coordinate throws(FetchError) in
            try CurrentConditions(payload, requested: coordinate)
        }
    }

    /// What a poll needs, asked as `shape` says (one call per location): the current reading
    /// and the hourly concentrations around it, one result per coordinate in the same order.
    /// A city whose hourly block is broken still gets its reading; the broken hours are nil
    /// and named in `hourly.problems`. `counted` hears every request's result, retries included.
    public func poll(
        for coordinates: [Coordinate], shape: PollRequestShape = .standard, deadline: Deadline,
        counted: RequestCounter = { _ in }
    ) -> [Result<PollConditions, FetchError>] {
        fetch(coordinates, fields: shape.formFields, deadline: deadline, counted: counted) { payload, coordinate throws(FetchError) in
            try PollConditions(payload, requested: coordinate, shape: shape)
        }
    }

    /// Pollen and the UV index now, and the UV maximum of the local day in `timeZones` (one per
    /// coordinate, IANA or `auto`) (`PollenRequest`: one call per location), one result per
    /// coordinate in the same order; a city outside the pollen model's domain gets a reading
    /// without counts.
    public func pollenAndUV(
        for coordinates: [Coordinate], timeZones: [String], deadline: Deadline
    ) -> [Result<PollenReading, FetchError>] {
        precondition(timeZones.count == coordinates.count, "one time zone per coordinate")
        // Batches cut the coordinates alone: one zone for all keeps the form right per batch.
        let zones = Set(timeZones).count == 1 ? Array(timeZones.prefix(1)) : timeZones
        guard zones.count == 1 || coordinates.count <= batchSize else {
            return stride(from: 0, to: coordinates.count, by: batchSize).flatMap { start in
                let end = min(start + batchSize, coordinates.count)
                return pollenAndUV(
                    for: Array(coordinates[start..<end]), timeZones: Array(timeZones[start..<end]), deadline: deadline)
            }
        }
        let fields = PollenRequest.fields(timeZones: zones)
        return fetch(coordinates, fields: fields, deadline: deadline) { payload, coordinate throws(FetchError) in
            try PollenRequest.reading(payload, requested: coordinate)
        }
    }

    /// Hourly AQI and pollutants (`hourly=`) from `pastDays` ago (0–92) to `forecastDays` ahead
    /// (0–7, today included), one series per coordinate in the same order.
    public func hourly(
        for coordinates: [Coordinate], includePollen: Bool = false, pastDays: Int,
        forecastDays: Int, deadline: Deadline
    ) -> [Result<HourlySeries, FetchError>] {
        let variables = AirQualityVariables.names(pollen: includePollen).joined(separator: ",")
        let fields = [
            ("hourly", variables), ("past_days", String(pastDays)),
            ("forecast_days", String(forecastDays)),
        ]
        return fetch(coordinates, fields: fields, deadline: deadline) {
            payload, coordinate throws(FetchError) in
            try HourlySeries(payload, requested: coordinate)
        }
    }

    private func fetch<Value>(
        _ coordinates: [Coordinate], fields: [(String, String)], deadline: Deadline, counted: RequestCounter = { _ in },
        convert: (LocationPayload, Coordinate) throws(FetchError) -> Value
    ) -> [Result<Value, FetchError>] {
        var results: [Result<Value, FetchError>] = []
        results.reserveCapacity(coordinates.count)
        // After a key is refused every later batch would be refused alike: don't spend calls.
        var refusal: FetchError?
        for start in stride(from: 0, to: coordinates.count, by: batchSize) {
            let batch = coordinates[start..<min(start + batchSize, coordinates.count)]
            if let refusal {
                results.append(contentsOf: batch.map { _ in .failure(refusal) })
                continue
            }
            do {
                results += try core.send(
                    request(for: batch, fields: fields), locations: batch.count, deadline: deadline, counted: counted
                ) {
                    payload, offset throws(FetchError) in
                    try convert(payload, batch[batch.startIndex + offset])
                }
            } catch {
                if case .unauthorized = error { refusal = error }
                results.append(contentsOf: batch.map { _ in .failure(error) })
            }
        }
        return results
    }

    private func request(for batch: ArraySlice<Coordinate>, fields: [(String, String)]) -> HTTPRequest {
        var form = [
            ("latitude", batch.map { Coordinate.format($0.latitude) }.joined(separator: ",")),
            ("longitude", batch.map { Coordinate.format($0.longitude) }.joined(separator: ",")),
        ]
        form += fields
        var request = HTTPRequest.postForm(core.endpoints.airQualityEndpoint, fields: core.withKey(form))
        request.headers.append((name: "Accept", value: "application/json"))
        return request
    }
}
