import BreezeHTTP
import BreezeTestSupport
import Testing

@testable import BreezeOpenMeteo

/// Every request the poll makes is counted by how it ended, retries included, where it is
/// made (`RetryingSender`): what `breeze_api_requests_total{result}` reads.
struct RequestCountTests {
    let clock = ManualClock()

    func counts(_ outcomes: [Result<HTTPResponse, HTTPError>], cities: Int = 1, batchSize: Int = 1000)
        -> (counts: [RequestResult: Int], requests: Int, succeeded: Int)
    {
        let transport = RecordingTransport(outcomes: outcomes)
        let client = AirQualityClient(
            endpoints: OpenMeteoEndpoints(apiURL: "http://127.0.0.1:1"), transport: transport, batchSize: batchSize,
            environment: clock.environment)
        var counts: [RequestResult: Int] = [:]
        let coordinates = Array(repeating: PollDecodingTests.berlin, count: cities)
        let results = client.poll(for: coordinates, deadline: clock.deadline(in: .seconds(3600))) { counts[$0, default: 0] += 1 }
        return (counts, transport.requests.count, results.filter { (try? $0.get()) != nil }.count)
    }

    @Test func eachAttemptCountsOnceByHowItEnded() {
        let good = ResponseBodies.ok(PollDecodingTests.element())
        let garbage: Result<HTTPResponse, HTTPError> = .success(HTTPResponse(status: 200, body: Array("[{\"latitude\": 1,".utf8)))
        let outcome = counts([.failure(.timeout), ResponseBodies.error(503, reason: "overloaded"), .failure(.connectionRefused), good])
        #expect(outcome.succeeded == 1)
        #expect(outcome.requests == 4)
        #expect(outcome.counts == [.timeout: 1, .httpError: 1, .transportError: 1, .ok: 1])
        let truncated = counts([garbage, good])
        #expect(truncated.succeeded == 1)
        #expect(truncated.counts == [.badBody: 1, .ok: 1])
        // Attempts run out: four counted, the city fails.
        let failing = counts([.failure(.connectionReset("reset by peer"))])
        #expect(failing.succeeded == 0)
        #expect(failing.counts == [.transportError: RetryPolicy.standard.maximumAttempts])
    }

    @Test func aPermanentRefusalIsOneRequestAndLaterBatchesAskNothing() {
        let outcome = counts([ResponseBodies.error(401, reason: "API key invalid")], cities: 3, batchSize: 1)
        #expect(outcome.requests == 1)
        #expect(outcome.counts == [.httpError: 1])
    }

    @Test func everyBatchIsARequest() {
        let outcome = counts([ResponseBodies.ok(PollDecodingTests.element())], cities: 3, batchSize: 1)
        #expect(outcome.counts == [.ok: 3])
        #expect(outcome.requests == 3)
    }
}
