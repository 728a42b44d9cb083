import BreezeVocabulary
import Testing

@testable import BreezeOpenMeteo

/// Reading `meta.json` and judging whether to believe it.
struct ModelRunMetaTests {
    static let live = #"{"chunk_time_length":217,"crs_wkt":"GEOGCRS[]","data_end_time":1789131600,"last_run_availability_time":1788742542,"last_run_initialisation_time":1788264000,"last_run_modification_time":1788742542,"temporal_resolution_seconds":3600,"update_interval_seconds":43200}"#

    static func read(_ text: String) -> Result<ModelRunMeta, FetchError> {
        Result { () throws(FetchError) in try ModelRunMeta(body: Array(text.utf8)) }
    }

    @Test func theLiveAnswerReads() throws {
        let meta = try Self.read(Self.live).get()
        #expect(meta.run == Instant(unixSeconds: 1_788_264_000))
        #expect(meta.available == Instant(unixSeconds: 1_788_742_542))
        #expect(meta.updateInterval == 43200)
        #expect(meta.problem(now: Instant(unixSeconds: 1_788_750_000)) == nil)
    }

    @Test(arguments: [
        ("[]", "not an object"),
        ("<html>", "meta.json"),
        (#"{"last_run_availability_time":1,"last_run_modification_time":1,"update_interval_seconds":3600}"#, "'last_run_initialisation_time' is missing"),
        (#"{"last_run_initialisation_time":"1788264000","last_run_availability_time":1,"last_run_modification_time":1,"update_interval_seconds":3600}"#, "'last_run_initialisation_time' is not a number"),
        (#"{"last_run_initialisation_time":null,"last_run_availability_time":1,"last_run_modification_time":1,"update_interval_seconds":3600}"#, "is not a number"),
        (#"{"last_run_initialisation_time":1e300,"last_run_availability_time":1,"last_run_modification_time":1,"update_interval_seconds":3600}"#, "is not an integer time"),
        (#"{"last_run_initialisation_time":1.5,"last_run_availability_time":1,"last_run_modification_time":1,"update_interval_seconds":3600}"#, "is not an integer time"),
    ])
    func aBadAnswerIsRefusedSayingWhy(body: String, reason: String) {
        guard case .failure(let error) = Self.read(body) else {
            Issue.record("read \(body)")
            return
        }
        #expect(error.description.contains(reason), "\(error)")
    }

    @Test func anAnswerThatCannotBeBelievedSaysWhy() throws {
        let now = Instant(unixSeconds: 1_788_750_000)
        var meta = try Self.read(Self.live).get()
        meta.run = meta.available + .seconds(1)
        #expect(meta.problem(now: now) == "its run is after its availability")
        meta = try Self.read(Self.live).get()
        meta.available = now + .seconds(301)
        #expect(meta.problem(now: now) == "its availability is in the future")
        meta.available = now + .seconds(300)
        #expect(meta.problem(now: now) == nil)
        meta.run = now + .seconds(-8 * 86400)
        meta.available = meta.run
        #expect(meta.problem(now: now) == "its run is more than 7 days old")
    }

    @Test func aCityInEuropesGridHasBothDomains() {
        #expect(ModelDomain.covering(latitude: 48.85, longitude: 2.35) == [.camsGlobal, .camsEurope])
        #expect(ModelDomain.covering(latitude: 35.68, longitude: 139.69) == [.camsGlobal])
        #expect(ModelDomain.covering(latitude: 30.0, longitude: 2.35) == [.camsGlobal])
        #expect(ModelDomain.covering(latitude: 71.95, longitude: 44.95) == [.camsGlobal, .camsEurope])
        #expect(ModelDomain.covering(latitude: .nan, longitude: 2.35) == [.camsGlobal])
        #expect(ModelDomain.camsEurope.metaPath == "/data/cams_europe/static/meta.json")
        let endpoints = OpenMeteoEndpoints(apiURL: "https://air-quality-api.open-meteo.com/", apiKey: "k")
        #expect(endpoints.modelRunEndpoint(.camsGlobal) == "https://air-quality-api.open-meteo.com/data/cams_global/static/meta.json")
    }
}
