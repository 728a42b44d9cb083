import BreezeHTTP
import BreezeTestSupport
import Testing

@testable import BreezeOpenMeteo

/// The `customer-` host, the `apikey` field, and the key never showing in any message.
struct EndpointsAndKeyTests {
    let secret = "s3cr3t-KEY-1234"

    @Test func theKeySwitchesThePublicHostToTheCustomerHost() {
        #expect(OpenMeteoEndpoints().airQualityEndpoint == "https://air-quality-api.open-meteo.com/v1/air-quality")
        #expect(
            OpenMeteoEndpoints(apiKey: secret).airQualityEndpoint
                == "https://customer-air-quality-api.open-meteo.com/v1/air-quality")
        #expect(OpenMeteoEndpoints(apiKey: "").apiKey == nil)
    }

    @Test func aCustomURLIsKeptAsConfigured() {
        let endpoints = OpenMeteoEndpoints(
            apiURL: "http://127.0.0.1:9000/", geocodingURL: "http://127.0.0.1:9001",
            archiveURL: "http://127.0.0.1:9002//", apiKey: secret)
        #expect(endpoints.airQualityEndpoint == "http://127.0.0.1:9000/v1/air-quality")
        #expect(endpoints.geocodingEndpoint == "http://127.0.0.1:9001/v1/search")
        #expect(endpoints.archiveEndpoint == "http://127.0.0.1:9002/v1/archive")
    }

    @Test func theKeyIsSentInTheFormBody() {
        let clock = ManualClock()
        let transport = BatchingTests.echoing()
        let client = AirQualityClient(
            endpoints: OpenMeteoEndpoints(apiURL: "http://127.0.0.1:1", apiKey: secret),
            transport: transport, environment: clock.environment)
        _ = client.current(for: BatchingTests.coordinates(2), deadline: clock.deadline(in: .seconds(9)))
        #expect(ResponseBodies.form(transport.requests[0])["apikey"] == secret)
        #expect(!transport.requests[0].url.contains(secret))
    }

    @Test(arguments: [400, 401, 403, 429, 500, 418])
    func theKeyNeverAppearsInAnError(status: Int) throws {
        let clock = ManualClock()
        let transport = RecordingTransport(outcomes: [
            ResponseBodies.error(status, reason: "API key '\(secret)' is invalid"),
        ])
        let client = AirQualityClient(
            endpoints: OpenMeteoEndpoints(apiURL: "http://127.0.0.1:1", apiKey: secret),
            transport: transport, retryPolicy: RetryPolicy(maximumAttempts: 1), environment: clock.environment)
        let result = client.current(for: [Coordinate(latitude: 1, longitude: 2)], deadline: clock.deadline(in: .seconds(9)))[0]
        guard case .failure(let error) = result else {
            Issue.record("expected a failure")
            return
        }
        #expect(!error.description.contains(secret))
        #expect(!String(reflecting: error).contains(secret))
        #expect(error.description.contains("API key '<redacted>' is invalid"))
    }

    @Test func coordinatesAreFormattedWithoutExponents() {
        #expect(Coordinate.format(52.52) == "52.52")
        #expect(Coordinate.format(-0.00001) == "-0.00001")
        #expect(Coordinate.format(0.000001) == "0")
        #expect(Coordinate.format(-122.419416) == "-122.41942")
        #expect(Coordinate.format(13) == "13")
    }
}
