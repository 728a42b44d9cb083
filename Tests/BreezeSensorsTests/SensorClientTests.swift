import BreezeConfig
import BreezeHTTP
import BreezeModel
import BreezeSensors
import BreezeTestSupport
import BreezeVocabulary
import Foundation
import Testing

/// `SensorClient` through `CurlTransport` against `sensor_server.py` on 127.0.0.1: each kind's
/// captured answer, and each fault a device or AirNow shows.
final class SensorClientTests {
    let server: SensorServer
    let client: SensorClient
    static let wall = Instant(unixSeconds: 1_785_000_000)

    init() throws {
        server = try SensorServer()
        client = SensorClient(
            transport: CurlTransport(options: SensorClient.transportOptions(userAgent: "breezed/test")),
            clock: { ClockReading(monotonic: 0, wall: SensorClientTests.wall) })
    }

    deinit { server.stop() }

    private func fetch(_ kind: SensorKind, _ path: String, apiKey: String? = nil, timeout: Duration = .seconds(10))
        -> Result<SensorAnswer, SensorFailure>
    {
        client.fetch(
            SensorRequest(
                kind: kind, url: server.url(path), latitude: 37.7749, longitude: -122.4194, apiKey: apiKey,
                pollInterval: .seconds(60), timeout: timeout))
    }

    @Test func purpleAirDualIsReadAndCountedOnce() throws {
        let sample = try #require(fetch(.purpleAir, "/purpleair/dual/json").sample)
        #expect(sample.isValid)
        #expect(near(sample.pm2_5, linearEPA(9.5, 39)))
        // The capture's DateTime is long before the client's clock: the sample is at the arrival.
        #expect(sample.at == Self.wall)
        #expect(try server.count("/purpleair/dual/json") == 1)
    }

    @Test func purpleAirChannelFaultArrivesInvalid() throws {
        let sample = try #require(fetch(.purpleAir, "/purpleair/fault/json").sample)
        #expect(sample.invalidReason == "channels A and B disagree: 8.0 and 40.0 µg/m³")
    }

    @Test func purpleAirSingleLaser() throws {
        #expect(fetch(.purpleAir, "/purpleair/single/json").sample?.rawPM2_5 == 15)
    }

    @Test func airGradientCompensatedAndPlain() throws {
        let compensated = try #require(fetch(.airGradient, "/airgradient/compensated/measures/current").sample)
        #expect(compensated.pm2_5 == 6.78)
        #expect(compensated.correction == .device)
        #expect(compensated.covers == .seconds(60))
        let plain = try #require(fetch(.airGradient, "/airgradient/one/measures/current").sample)
        #expect(plain.correction == .epaPurpleAir)
        #expect(fetch(.airGradient, "/airgradient/open-air/measures/current").sample?.pm2_5 == 4.7)
    }

    @Test func sensorCommunityStringsAndWarmingUp() throws {
        let sample = try #require(fetch(.sensorCommunity, "/sensor-community/data.json").sample)
        #expect(sample.pm2_5 == 7.45)
        #expect(sample.at == Self.wall - .seconds(37))
        #expect(fetch(.sensorCommunity, "/sensor-community/warming-up/data.json").sample?.invalidReason == "no measurement yet")
    }

    /// AirNow is asked with the city's coordinates and the key in its query.
    @Test func airNowObservationsAndTheQuerySent() throws {
        let observations = try #require(fetch(.airNow, "/airnow/ok/", apiKey: "K3Y-1234").observations)
        #expect(observations.count == 3)
        #expect(observations.first { $0.pollutant == .pm2_5 }?.nowCastAQI == 31)
        let sent = try server.requests("/airnow/ok/")
        #expect(sent == ["/airnow/ok/?format=application%2Fjson&latitude=37.7749&longitude=-122.4194&API_KEY=K3Y-1234"])
        #expect(fetch(.airNow, "/airnow/empty/", apiKey: "K3Y-1234").observations == [])
    }

    /// The server quotes the key back; the failure carries none of it.
    @Test func airNowEchoedKeyIsRedacted() throws {
        let key = "s3cret+key/with=signs"
        let result = fetch(.airNow, "/airnow/invalid-key/", apiKey: key)
        guard case .failure(let failure) = result else {
            Issue.record("expected a failure, got \(result)")
            return
        }
        #expect(failure.message == "AirNow refused the request: Invalid API key: <redacted>")
        #expect(!failure.limitReached)

        // Quoted percent-encoded (both cases of hex), as the URL carried it, and with an error status.
        try server.set(
            "/airnow/echo/", body: "{\"WebServiceError\":[{\"Message\":\"key s3cret%2Bkey%2Fwith%3Dsigns or s3cret%2bkey%2fwith%3dsigns\"}]}",
            status: 401)
        let echoed = fetch(.airNow, "/airnow/echo/", apiKey: key).failureMessage
        #expect(echoed == "HTTP 401: AirNow refused the request: key <redacted> or <redacted>")
    }

    @Test func airNowLimitIsFlagged() throws {
        guard case .failure(let failure) = fetch(.airNow, "/airnow/limit/", apiKey: "K3Y-1234") else {
            Issue.record("expected a failure")
            return
        }
        #expect(failure.limitReached)
        #expect(!failure.message.contains("K3Y-1234"))
        try server.set("/airnow/busy/", body: "slow down", status: 429, contentType: "text/plain")
        guard case .failure(let busy) = fetch(.airNow, "/airnow/busy/", apiKey: "K3Y-1234") else {
            Issue.record("expected a failure")
            return
        }
        #expect(busy.message == "HTTP 429")
        #expect(busy.limitReached)
    }

    /// A device that accepts the connection and never answers: a failure within the request's
    /// timeout, not the transport's 30 s.
    @Test func hangingDeviceTimesOut() throws {
        let started = ContinuousClock.now
        let message = fetch(.purpleAir, "/hang", timeout: .seconds(2)).failureMessage
        let elapsed = ContinuousClock.now - started
        #expect(message == "no answer within 2s")
        #expect(elapsed < .seconds(25))
        #expect(try server.count("/hang") == 1)
    }

    @Test func redirectIsNotFollowed() throws {
        #expect(fetch(.purpleAir, "/redirect").failureMessage == "redirected (not followed): HTTP 302 to http://127.0.0.1:9/")
    }

    @Test(arguments: ["/huge", "/huge-unannounced"])
    func tenMegabytesFailCleanly(_ path: String) throws {
        let server = try SensorServer()
        defer { server.stop() }
        let client = SensorClient(transport: CurlTransport(options: SensorClient.transportOptions(userAgent: "breezed/test")))
        let result = client.fetch(SensorRequest(kind: .purpleAir, url: server.url(path), pollInterval: .seconds(120)))
        #expect(result.failureMessage == "answered more than 256 KiB")
    }

    /// A transport with a larger cap of its own still gets no more than 256 KiB read.
    @Test func capHoldsOverAWiderTransport() throws {
        let wide = SensorClient(
            transport: CurlTransport(options: .init(maximumBodySize: 32 << 20, userAgent: "breezed/test")))
        let result = wide.fetch(SensorRequest(kind: .purpleAir, url: server.url("/huge"), pollInterval: .seconds(120)))
        #expect(result.failureMessage == "answered more than 256 KiB")
    }

    @Test(arguments: ["/html", "/html-as-json"])
    func htmlIsNotJSON(_ path: String) throws {
        let server = try SensorServer()
        defer { server.stop() }
        let client = SensorClient(transport: CurlTransport(options: SensorClient.transportOptions(userAgent: "breezed/test")))
        let result = client.fetch(SensorRequest(kind: .airGradient, url: server.url(path), pollInterval: .seconds(60)))
        #expect(result.failureMessage == "answered HTML, not JSON")
    }

    @Test func errorStatusesAndRefusedConnections() throws {
        try server.set("/purpleair/down/json", body: "{}", status: 503)
        #expect(fetch(.purpleAir, "/purpleair/down/json").failureMessage == "HTTP 503")
        #expect(fetch(.purpleAir, "/no/such/path").failureMessage == "HTTP 404")
        let refused = client.fetch(SensorRequest(kind: .purpleAir, url: "http://127.0.0.1:9/json", pollInterval: .seconds(120)))
        #expect(refused.failureMessage == "connection refused")
    }

    /// What a daemon test does: the device's answer changes between polls.
    @Test func answersSetOverTimeAreReadInTurn() throws {
        let dual = try SensorBodies.text("purpleair-dual-7.04.json")
        try server.set("/backyard/json", body: dual)
        #expect(fetch(.purpleAir, "/backyard/json").sample?.rawPM2_5 == 9.5)
        var smoke = try SensorBodies.replacing("pm2_5_atm", with: "150", in: dual)
        smoke = try SensorBodies.replacing("pm2_5_atm_b", with: "154", in: smoke)
        smoke = try SensorBodies.replacing("pm2_5_cf_1", with: "200", in: smoke)
        smoke = try SensorBodies.replacing("pm2_5_cf_1_b", with: "205", in: smoke)
        try server.set("/backyard/json", body: smoke)
        let sample = try #require(fetch(.purpleAir, "/backyard/json").sample)
        #expect(near(sample.pm2_5, middleEPA(152, 39)))
        #expect(try server.count("/backyard/json") == 2)
        try server.reset()
        #expect(try server.count("/backyard/json") == 0)
        #expect(fetch(.purpleAir, "/backyard/json").failureMessage == "HTTP 404")
    }

    @Test func requestFromSettingsAsksAirNowAtTheCity() {
        let settings = SensorSettings(
            name: "official", kind: .airNow, url: SensorSettings.airNowURL, city: "Sydney", apiKey: Secret("k"))
        let request = SensorRequest(settings, latitude: -33.00004, longitude: 151.2)
        #expect(request.url == "https://www.airnowapi.org/aq/observation/current/ziplatlong/")
        #expect(request.pollInterval == .seconds(3600))
        #expect(request.apiKey == "k")
        let names: [String] = request.query.map { $0.0 }
        let sent: [String] = request.query.map { $0.1 }
        #expect(names == ["format", "latitude", "longitude", "API_KEY"])
        #expect(sent == ["application/json", "-33.0000", "151.2000", "k"])
        let device = SensorRequest(kind: .purpleAir, url: "http://192.168.1.50/json", pollInterval: .seconds(120))
        #expect(device.query.isEmpty)
        #expect(device.timeout == .seconds(10))
        let offTheGlobe = SensorRequest(kind: .airNow, url: "x", latitude: 1e300, longitude: .nan, pollInterval: .seconds(1))
        let values: [String] = offTheGlobe.query.map { $0.1 }
        #expect(values[1] == "0")
        #expect(values[2] == "0")
    }
}
