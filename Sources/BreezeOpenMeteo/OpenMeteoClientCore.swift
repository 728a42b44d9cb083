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
        let elements = try sender.send(request, deadline: deadline, counted: counted) { response throws(FetchError) in
            try LocationElements.decode(response.body)
        }
        return (0..<count).map { index in
            guard index < elements.count else {
                return .failure(.missingFromResponse(index: index, received: elements.count))
            }
            return elements[index].flatMap { payload in
                Result { () throws(FetchError) in try convert(payload, index) }
            }
        }
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
