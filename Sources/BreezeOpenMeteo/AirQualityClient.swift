import BreezeConfig
import BreezeModel
import BreezeHTTP
import BreezeVocabulary
import Dispatch

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
    let core: OpenMeteoClientCore

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
            payload, coordinate, _ throws(FetchError) in
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
        poll(for: coordinates, shape: shape, deadline: deadline, counted: counted) { _, conditions in conditions }
    }

    /// The same, each location's conditions handed to `reduce` (with the coordinate's index)
    /// as soon as its batch is decoded, while the next batch is on the wire; only what it
    /// returns is kept, so the hourly grids of every batch are never alive at once. With
    /// `kept` (one per coordinate), each answer is laid over its location's kept hours
    /// (`PollHoursReader`): what a poll of `PollRequestShape.recent` needs.
    public func poll<Reduced>(
        for coordinates: [Coordinate], shape: PollRequestShape = .standard, kept: [KeptHours?] = [],
        deadline: Deadline, counted: RequestCounter = { _ in },
        reducing reduce: (_ index: Int, PollConditions) -> Reduced
    ) -> [Result<Reduced, FetchError>] {
        precondition(kept.isEmpty || kept.count == coordinates.count, "kept hours for every coordinate or none")
        return fetch(coordinates, fields: shape.formFields, deadline: deadline, counted: counted) {
            payload, coordinate, index throws(FetchError) in
            reduce(index, try PollConditions(payload, requested: coordinate, shape: shape, kept: kept.isEmpty ? nil : kept[index]))
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
        return fetch(coordinates, fields: fields, deadline: deadline) { payload, coordinate, _ throws(FetchError) in
            try PollenRequest.reading(payload, requested: coordinate)
        }
    }

    /// Hourly AQI and pollutants (`hourly=`) from `pastDays` ago (0–92) to `forecastDays` ahead
    /// (0–7, today included), one series per coordinate in the same order.
    public func hourly(
        for coordinates: [Coordinate], includePollen: Bool = false, pastDays: Int,
        forecastDays: Int, deadline: Deadline
    ) -> [Result<HourlySeries, FetchError>] {
        hourly(
            for: coordinates, includePollen: includePollen, pastDays: pastDays, forecastDays: forecastDays,
            deadline: deadline
        ) { _, series in series }
    }

    /// The same, each location's series handed to `reduce` (with the coordinate's index) as
    /// soon as its batch is decoded, while the next batch is on the wire: what is done with
    /// a batch is done (or counted) before the last one has come.
    public func hourly<Reduced>(
        for coordinates: [Coordinate], includePollen: Bool = false, pastDays: Int,
        forecastDays: Int, deadline: Deadline, reducing reduce: (_ index: Int, HourlySeries) -> Reduced
    ) -> [Result<Reduced, FetchError>] {
        let variables = AirQualityVariables.names(pollen: includePollen).joined(separator: ",")
        let fields = [
            ("hourly", variables), ("past_days", String(pastDays)),
            ("forecast_days", String(forecastDays)),
        ]
        return fetch(coordinates, fields: fields, deadline: deadline) {
            payload, coordinate, index throws(FetchError) in
            reduce(index, try HourlySeries(payload, requested: coordinate))
        }
    }

    /// One request per batch, in order, strictly one at a time, on a transfer queue of their
    /// own; each batch's payloads are converted here, on the caller's thread, while the next
    /// batch is on the wire (`BatchHandOff`: at most two batches alive). Retries, the deadline
    /// and the counts are the sender's, as for a single request; `counted` hears them here.
    private func fetch<Value>(
        _ coordinates: [Coordinate], fields: [(String, String)], deadline: Deadline, counted: RequestCounter = { _ in },
        convert: (LocationPayload, Coordinate, _ index: Int) throws(FetchError) -> Value
    ) -> [Result<Value, FetchError>] {
        var results: [Result<Value, FetchError>] = []
        results.reserveCapacity(coordinates.count)
        let starts = Array(stride(from: 0, to: coordinates.count, by: batchSize))
        guard !starts.isEmpty else { return results }
        let handOff = BatchHandOff<ReceivedBatch>()
        let transfers = DispatchQueue(label: "breeze.openmeteo.transfers")
        transfers.async { [self] in
            // After a key is refused every later batch would be refused alike: don't spend calls.
            var refusal: FetchError?
            for start in starts {
                let batch = coordinates[start..<min(start + batchSize, coordinates.count)]
                if let refusal {
                    handOff.put(ReceivedBatch(payloads: [], failure: refusal, attempts: []))
                    continue
                }
                var attempts: [RequestResult] = []
                do throws(FetchError) {
                    let payloads = try core.receive(request(for: batch, fields: fields), deadline: deadline) {
                        attempts.append($0)
                    }
                    handOff.put(ReceivedBatch(payloads: payloads, failure: nil, attempts: attempts))
                } catch {
                    if case .unauthorized = error { refusal = error }
                    handOff.put(ReceivedBatch(payloads: [], failure: error, attempts: attempts))
                }
            }
        }
        for start in starts {
            let batch = coordinates[start..<min(start + batchSize, coordinates.count)]
            var received = handOff.take()
            received.attempts.forEach(counted)
            if let failure = received.failure {
                results.append(contentsOf: batch.map { _ in .failure(failure) })
                continue
            }
            // In place: `received` alone holds the payloads, so each goes once converted.
            results += OpenMeteoClientCore.convert(&received.payloads, locations: batch.count) {
                payload, offset throws(FetchError) in
                try convert(payload, batch[batch.startIndex + offset], start + offset)
            }
        }
        return results
    }

    /// One batch as the transfer queue hands it over: its payloads, or why it failed, and
    /// the result of each attempt it took.
    private struct ReceivedBatch: Sendable {
        var payloads: [Result<LocationPayload, FetchError>]
        var failure: FetchError?
        var attempts: [RequestResult]
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
