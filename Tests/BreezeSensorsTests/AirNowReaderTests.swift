import BreezeModel
import BreezeSensors
import BreezeVocabulary
import Testing

/// `AirNowReader` over the new `observation/current/ziplatlong` answers and AirNow's errors.
@Suite struct AirNowReaderTests {
    static let receivedAt = Instant(unixSeconds: 1_785_000_000)

    private func read(_ text: String) -> Result<SensorAnswer, SensorFailure> {
        AirNowReader.read(Array(text.utf8), receivedAt: Self.receivedAt, pollInterval: .seconds(3600))
    }

    /// One observation with `fields` (JSON members) over the PM2.5 defaults.
    private func observation(_ overrides: [String: String]) -> String {
        var fields = [
            "dateObserved": "\"2026-07-29 \"", "hourObserved": "\"14:00\"", "localTimeZone": "\"PDT\"",
            "reportingAreaName": "\"San Francisco\"", "siteName": "\"San Francisco\"", "parameterName": "\"PM2.5\"",
            "nowcastAQI": "31", "reportingAgency": "\"Bay Area Air District\"",
        ]
        fields.merge(overrides) { _, new in new }
        return "{" + fields.map { "\"\($0.key)\":\($0.value)" }.joined(separator: ",") + "}"
    }

    @Test func observationsCarryPollutantSiteAndHour() throws {
        let observations = try #require(read(try SensorBodies.text("airnow-observations.json")).observations)
        #expect(observations.map(\.parameter) == ["OZONE", "PM2.5", "PM10"])
        #expect(observations.map(\.pollutant) == [.o3, .pm2_5, .pm10])
        #expect(observations.map(\.nowCastAQI) == [38, 31, 17])
        let pm = observations[1]
        #expect(pm.siteName == "San Francisco")
        #expect(pm.reportingArea == "San Francisco")
        #expect(pm.agency == "Bay Area Air District")
        // 14:00 PDT (UTC−7) is 21:00 UTC; the trailing space of dateObserved is no matter.
        #expect(pm.hourStart == (try SensorBodies.instant("2026-07-29T21:00:00Z")))
        #expect(observations[2].siteName == "Oakland West")
    }

    @Test func emptyListIsNoData() {
        #expect(read("[]").observations == [])
        #expect(read(" [ ] \n").observations == [])
    }

    @Test func webServiceErrorIsAFailureWithAirNowsMessage() throws {
        let result = read(try SensorBodies.text("airnow-invalid-key.json"))
        guard case .failure(let failure) = result else {
            Issue.record("expected a failure, got \(result)")
            return
        }
        #expect(failure.message == "AirNow refused the request: Invalid API key: {API_KEY}")
        #expect(!failure.limitReached)
    }

    @Test(arguments: [
        "Web service request limit exceeded for API key; try again next hour",
        "Too Many Requests",
    ])
    func limitMessageSaysTheLimitIsReached(_ message: String) {
        guard case .failure(let failure) = read("{\"WebServiceError\":[{\"Message\":\"\(message)\"}]}") else {
            Issue.record("expected a failure")
            return
        }
        #expect(failure.limitReached)
        #expect(failure.message == "AirNow refused the request: \(message)")
    }

    @Test func serverTextInAFailureIsOneLineAndBounded() {
        let long = String(repeating: "x", count: 5000)
        let message = read("{\"WebServiceError\":[{\"Message\":\"bad\\nkey\\u0007 \(long)\"}]}").failureMessage ?? ""
        #expect(!message.contains("\n"))
        #expect(!message.contains("\u{7}"))
        #expect(message.count < 300)
        #expect(read("{\"WebServiceError\":[]}").failureMessage == "AirNow refused the request: no message")
    }

    @Test(arguments: ["-1", "501", "\"31\"", "1e400", "null", "-0.6", "500.6"])
    func observationOffTheAQIScaleIsDropped(_ aqi: String) {
        let text = "[" + observation(["nowcastAQI": aqi]) + "," + observation(["parameterName": "\"OZONE\"", "nowcastAQI": "40"]) + "]"
        #expect(read(text).observations?.map(\.parameter) == ["OZONE"])
    }

    @Test func observationWithoutAParameterIsDropped() {
        let text = "[" + observation(["parameterName": "\"\""]) + "," + observation(["parameterName": "7"]) + "]"
        #expect(read(text).observations == [])
    }

    @Test(arguments: [
        ("\"EST\"", "\"09:00\"", "2026-07-29T14:00:00Z"),
        ("\"EDT\"", "\"9:00\"", "2026-07-29T13:00:00Z"),
        ("\"AKDT\"", "\"00:00\"", "2026-07-29T08:00:00Z"),
        ("\"HST\"", "\"23:00\"", "2026-07-30T09:00:00Z"),
        ("\"ChST\"", "\"10:00\"", "2026-07-29T00:00:00Z"),
        ("\"CST\"", "22", "2026-07-30T04:00:00Z"),
    ])
    func hourStartIsReadInTheUSZone(_ zone: String, hour: String, utc: String) throws {
        let text = "[" + observation(["localTimeZone": zone, "hourObserved": hour]) + "]"
        #expect(read(text).observations?.first?.hourStart == (try SensorBodies.instant(utc)))
    }

    @Test(arguments: [
        ["localTimeZone": "\"XYZ\""], ["localTimeZone": "null"], ["hourObserved": "\"25:00\""],
        ["hourObserved": "\"14:30\""], ["hourObserved": "1e400"], ["dateObserved": "\"2026-02-30\""],
        ["dateObserved": "\"July 29\""],
    ])
    func unreadableHourIsNil(_ overrides: [String: String]) {
        let observations = read("[" + observation(overrides) + "]").observations
        #expect(observations?.count == 1)
        #expect(observations?.first?.hourStart == nil)
    }

    @Test func hostileNamesAreKeptAsText() {
        let name = String(repeating: "東京", count: 100)
        let text = "[" + observation(["siteName": "\"\(name)\"", "reportingAgency": "null"]) + "]"
        let first = read(text).observations?.first
        #expect(first?.siteName == name)
        #expect(first?.agency == nil)
    }

    @Test func aSiteNameOverTwoHundredCharactersIsCut() {
        let name = String(repeating: "a", count: 5000)
        let text = "[" + observation(["siteName": "\"\(name)\""]) + "]"
        let site = read(text).observations?.first?.siteName ?? ""
        #expect(site.unicodeScalars.count == 200)
        #expect(site.hasSuffix("…"))
    }

    @Test func otherBodiesAreFailures() {
        #expect(read("{\"Message\": \"hello\"}").failureMessage == "not an AirNow answer: an object, not a list of observations")
        #expect(read("<html>Service Unavailable</html>").failureMessage == "answered HTML, not JSON")
    }

    @Test(arguments: [("PM2.5", Pollutant.pm2_5), ("OZONE", .o3), ("O3", .o3), ("PM10", .pm10), ("NO2", .no2), ("CO", .co), ("SO2", .so2)])
    func parameterNamesThePollutant(_ parameter: String, pollutant: Pollutant) {
        #expect(AirNowReader.pollutant(parameter) == pollutant)
        #expect(AirNowReader.pollutant("Smoke") == nil)
    }
}
