import BreezeHTTP
import BreezeTestSupport
import Testing

@testable import BreezeOpenMeteo

/// Classification, backoff and the deadline, with the fake clock: no test really sleeps.
struct RetryTests {
    let berlin = Coordinate(latitude: 52.52, longitude: 13.41)
    let success = ResponseBodies.ok(ResponseBodies.element(latitude: 52.5, longitude: 13.4))

    func run(
        _ outcomes: [Result<HTTPResponse, HTTPError>], random: Double = 0,
        deadline: Duration = .seconds(300), policy: RetryPolicy = .standard
    ) -> (result: Result<CurrentConditions, FetchError>, requests: Int, sleeps: [Duration]) {
        let clock = ManualClock(random: random)
        let transport = RecordingTransport(outcomes: outcomes)
        let client = AirQualityClient(
            endpoints: OpenMeteoEndpoints(apiURL: "http://127.0.0.1:1"), transport: transport,
            retryPolicy: policy, environment: clock.environment)
        let result = client.current(for: [berlin], deadline: clock.deadline(in: deadline))[0]
        return (result, transport.requests.count, clock.sleeps)
    }

    @Test func tooManyRequestsHonoursRetryAfter() throws {
        let outcome = run([ResponseBodies.error(429, reason: "Too many concurrent requests", retryAfter: 7), success])
        #expect(try outcome.result.get().reading.usAQI == 42)
        #expect(outcome.requests == 2)
        #expect(outcome.sleeps == [.seconds(7)])
    }

    @Test func serverErrorsBackOffExponentiallyThenSucceed() throws {
        let outcome = run([
            ResponseBodies.error(500, reason: "boom"), ResponseBodies.error(503, reason: "The service is overloaded"),
            ResponseBodies.error(502, reason: "bad gateway"), success,
        ])
        #expect(try outcome.result.get().reading.usAQI == 42)
        #expect(outcome.requests == 4)
        #expect(outcome.sleeps == [.seconds(2), .seconds(4), .seconds(8)])
    }

    @Test func jitterShortensTheWait() {
        let outcome = run([ResponseBodies.error(503, reason: "overloaded"), success], random: 0.5)
        #expect(outcome.sleeps == [.milliseconds(1500)])
    }

    @Test func badRequestIsPermanentWithItsReason() {
        let outcome = run([ResponseBodies.error(400, reason: "Only up to 1000 locations can be requested at once"), success])
        #expect(outcome.result == .failure(.badRequest(reason: "Only up to 1000 locations can be requested at once")))
        #expect(outcome.requests == 1)
        #expect(outcome.sleeps.isEmpty)
    }

    @Test(arguments: [401, 403])
    func refusedKeyIsPermanent(status: Int) {
        let outcome = run([ResponseBodies.error(status, reason: "API key invalid"), success])
        #expect(outcome.result == .failure(.unauthorized(status: status, reason: "API key invalid")))
        #expect(outcome.requests == 1)
        #expect(outcome.sleeps.isEmpty)
    }

    @Test(arguments: [HTTPError.timeout, .connectionRefused, .connectionReset("reset by peer"), .bodyTooLarge(limit: 10)])
    func transportFailuresAreRetried(failure: HTTPError) throws {
        let outcome = run([.failure(failure), success])
        #expect(try outcome.result.get().reading.usAQI == 42)
        #expect(outcome.sleeps == [.seconds(2)])
    }

    @Test func invalidJSONIsRetried() throws {
        let outcome = run([.success(HTTPResponse(status: 200, body: Array("{\"lat".utf8))), success])
        #expect(try outcome.result.get().reading.usAQI == 42)
        #expect(outcome.requests == 2)
    }

    @Test func attemptsRunOutWithTheLastError() {
        let outcome = run([.failure(.timeout)])
        #expect(outcome.result == .failure(.transport(.timeout)))
        #expect(outcome.requests == 4)
        #expect(outcome.sleeps == [.seconds(2), .seconds(4), .seconds(8)])
    }

    @Test func noWaitRunsPastTheDeadline() {
        // 2 s then 4 s would end at 6 s, after the 5 s deadline: give up after the second attempt.
        let outcome = run([ResponseBodies.error(503, reason: "overloaded")], deadline: .seconds(5))
        #expect(outcome.result == .failure(.serverError(status: 503, reason: "overloaded", retryAfter: nil)))
        #expect(outcome.requests == 2)
        #expect(outcome.sleeps == [.seconds(2)])
    }

    @Test func aRetryAfterBeyondTheDeadlineIsNotWaitedFor() {
        let outcome = run([ResponseBodies.error(429, reason: "limit", retryAfter: 3600), success], deadline: .seconds(60))
        #expect(outcome.result == .failure(.rateLimited(reason: "limit", retryAfter: .seconds(3600))))
        #expect(outcome.sleeps.isEmpty)
    }

    @Test func eachAttemptIsBoundedByTheTimeLeft() {
        let clock = ManualClock()
        let transport = RecordingTransport(outcomes: [ResponseBodies.error(503, reason: "x"), success])
        let client = AirQualityClient(
            endpoints: OpenMeteoEndpoints(apiURL: "http://127.0.0.1:1"), transport: transport,
            environment: clock.environment)
        _ = client.current(for: [berlin], deadline: clock.deadline(in: .seconds(30)))
        #expect(transport.requests.map(\.timeout) == [.seconds(30), .seconds(28)])
    }

    @Test func aPassedDeadlineSendsNothing() {
        let outcome = run([success], deadline: .zero)
        #expect(outcome.result == .failure(.deadlineExceeded(last: nil)))
        #expect(outcome.requests == 0)
    }

    @Test func retriesAreReportedToTheObserver() {
        let clock = ManualClock()
        let seen = RecordingTransport(outcomes: [ResponseBodies.error(503, reason: "x"), success])
        nonisolated(unsafe) var reported: [String] = []
        let client = AirQualityClient(
            endpoints: OpenMeteoEndpoints(apiURL: "http://127.0.0.1:1"), transport: seen,
            environment: clock.environment,
            observer: { error, delay, attempt in reported.append("\(attempt): \(error) in \(delay)") })
        _ = client.current(for: [berlin], deadline: clock.deadline(in: .seconds(30)))
        #expect(reported == ["1: Open-Meteo server error (503): x in 2.0 seconds"])
    }

    @Test func delaysAreCappedButRetryAfterIsNot() {
        let policy = RetryPolicy(initialDelay: .seconds(10), maximumDelay: .seconds(30))
        #expect(policy.delay(afterAttempt: 1, retryAfter: nil, random: 0) == .seconds(10))
        #expect(policy.delay(afterAttempt: 3, retryAfter: nil, random: 0) == .seconds(30))
        #expect(policy.delay(afterAttempt: 3, retryAfter: nil, random: 0.999) > .seconds(15))
        #expect(policy.delay(afterAttempt: 1, retryAfter: .seconds(45), random: 0) == .seconds(45))
        #expect(policy.delay(afterAttempt: 1, retryAfter: .seconds(1), random: 0) == .seconds(10))
    }
}
