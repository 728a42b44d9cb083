import BreezeHTTP
import BreezeVocabulary

/// What every Open-Meteo client is built on: where the APIs are (and the key), one sender that
/// classifies responses and retries within a deadline, and the reading of a body that holds
/// one element per location. Made only inside this module (its members are internal).
public struct OpenMeteoClientCore: Sendable {
    let endpoints: OpenMeteoEndpoints
    let sender: RetryingSender

    /// - Parameter observer: told of each retry before its wait, for logging.
    init(
        endpoints: OpenMeteoEndpoints, transport: any HTTPTransport, retryPolicy: RetryPolicy,
        environment: RetryEnvironment, observer: RetryObserver? = nil
    ) {
        self.endpoints = endpoints
        sender = RetryingSender(
            transport: transport, policy: retryPolicy, environment: environment,
            endpoints: endpoints, observer: observer)
    }

    /// `fields` and, when a commercial key is configured, `apikey=` after them.
    func withKey(_ fields: [(String, String)]) -> [(String, String)] {
        guard let apiKey = endpoints.apiKey else { return fields }
        return fields + [("apikey", apiKey)]
    }

    /// Sends `request`, whose answer holds one element per location asked for, and converts
    /// each of the first `count` elements: one result per location, in order. An element
    /// missing from the answer, or one `convert` refuses, fails only its own location; a
    /// request that fails is thrown. `counted` hears every attempt's result.
    func send<Value>(
        _ request: HTTPRequest, locations count: Int, deadline: Deadline, counted: RequestCounter = { _ in },
        convert: (LocationPayload, _ index: Int) throws(FetchError) -> Value
    ) throws(FetchError) -> [Result<Value, FetchError>] {
        var elements = try receive(request, deadline: deadline, counted: counted)
        return Self.convert(&elements, locations: count, convert)
    }

    /// Sends `request` (retries and all) and reads its body into one payload per element; the
    /// body is gone once this returns. `counted` hears every attempt's result.
    func receive(_ request: HTTPRequest, deadline: Deadline, counted: RequestCounter = { _ in })
        throws(FetchError) -> [Result<LocationPayload, FetchError>]
    {
        // The body is read inside the retry loop: one that does not parse is retried before
        // anything else is sent.
        try sender.send(request, deadline: deadline, counted: counted) { response throws(FetchError) in
            try LocationElements.decode(response.body)
        }
    }

    /// Converts each of the first `count` of `elements` (a body's payloads, emptied: each one
    /// is freed once converted), one result per location, in order.
    static func convert<Value>(
        _ elements: inout [Result<LocationPayload, FetchError>], locations count: Int,
        _ convert: (LocationPayload, _ index: Int) throws(FetchError) -> Value
    ) -> [Result<Value, FetchError>] {
        let received = elements.count
        var results: [Result<Value, FetchError>] = []
        results.reserveCapacity(count)
        for index in 0..<count {
            guard index < received else {
                results.append(.failure(.missingFromResponse(index: index, received: received)))
                continue
            }
            let element = elements[index]
            elements[index] = .failure(.missingFromResponse(index: index, received: received))
            results.append(element.flatMap { payload in Result { () throws(FetchError) in try convert(payload, index) } })
        }
        elements = []
        return results
    }
}

/// A client of one Open-Meteo API, on the shared core: made from the endpoints, a transport,
/// the retry policy and the retry environment (clock, sleep, randomness).
public protocol OpenMeteoClient: Sendable {
    /// The client on `core`.
    init(core: OpenMeteoClientCore)
}

extension OpenMeteoClient {
    /// The client sending through `transport` to `endpoints`, retrying per `retryPolicy`.
    public init(
        endpoints: OpenMeteoEndpoints, transport: any HTTPTransport,
        retryPolicy: RetryPolicy = .standard, environment: RetryEnvironment = .live
    ) {
        self.init(
            core: OpenMeteoClientCore(
                endpoints: endpoints, transport: transport, retryPolicy: retryPolicy, environment: environment))
    }
}
