import BreezeHTTP
import BreezeTestSupport
import BreezeVocabulary
import Testing

@testable import BreezeOpenMeteo

/// `Retry-After` in both of its forms, and a redirect from Open-Meteo: an error naming where it
/// points and the setting to change, never followed and never retried.
struct RedirectAndRetryAfterTests {
    let berlin = Coordinate(latitude: 52.52, longitude: 13.41)
    /// 2026-10-21 07:28:00 UTC, the fake clock's wall time at its start.
    let now = Instant(unixSeconds: ManualClock.unixStart)

    @Test(arguments: [
        ("120", 120), ("0", 0), ("Wed, 21 Oct 2026 07:30:00 GMT", 120),
        ("Wednesday, 21-Oct-26 07:29:00 GMT", 60), ("Wed Oct 21 07:28:30 2026", 30),
        // A date in the past means now; a huge number is capped at a year.
        ("Tue, 20 Oct 2026 07:28:00 GMT", 0), ("99999999999999999999", 366 * 86_400),
    ])
    func retryAfterInSecondsOrAsADate(text: String, seconds: Int) {
        #expect(RetryAfter.delay(text, now: now) == .seconds(seconds))
    }

    @Test(arguments: ["", "soon", "-5", "1.5", "Wed, 99 Foo 2026 07:30:00 GMT"])
    func unreadableRetryAfterIsIgnored(text: String) {
        #expect(RetryAfter.delay(text, now: now) == nil)
    }

    func run(_ outcomes: [Result<HTTPResponse, HTTPError>]) -> (result: Result<CurrentConditions, FetchError>, requests: Int, sleeps: [Duration]) {
        let clock = ManualClock()
        let transport = RecordingTransport(outcomes: outcomes)
        let client = AirQualityClient(
            endpoints: OpenMeteoEndpoints(apiURL: "http://127.0.0.1:1", apiKey: "key+with/slash"),
            transport: transport, environment: clock.environment)
        let result = client.current(for: [berlin], deadline: clock.deadline(in: .seconds(300)))[0]
        return (result, transport.requests.count, clock.sleeps)
    }

    @Test func aRetryAfterDateIsWaitedFor() throws {
        let busy = HTTPResponse(status: 503, headers: ["Retry-After": "Wed, 21 Oct 2026 07:28:45 GMT"])
        let outcome = run([.success(busy), ResponseBodies.ok(ResponseBodies.element(latitude: 52.5, longitude: 13.4))])
        #expect(try outcome.result.get().reading.usAQI == 42)
        #expect(outcome.sleeps == [.seconds(45)])
    }

    @Test(arguments: [301, 302, 307, 308])
    func aRedirectIsAPermanentErrorNamingTheSetting(status: Int) {
        let moved = HTTPResponse(status: status, headers: ["Location": "https://elsewhere.example/v1/air-quality?apikey=key+with/slash"])
        let outcome = run([.success(moved)])
        #expect(outcome.requests == 1)
        #expect(outcome.sleeps.isEmpty)
        let expected = FetchError.redirected(
            status: status, location: "https://elsewhere.example/v1/air-quality?apikey=<redacted>", setting: "ApiURL")
        #expect(outcome.result == .failure(expected))
        #expect(expected.description == "Open-Meteo answered HTTP \(status) to https://elsewhere.example/v1/air-quality?apikey=<redacted>: redirects are not followed, update ApiURL=")
    }
}
