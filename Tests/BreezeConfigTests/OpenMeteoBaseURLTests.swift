import Testing

@testable import BreezeConfig

/// `ApiURL=`, `GeocodingURL=` and `ArchiveURL=` are base URLs: breezed appends the endpoint
/// path, so one already ending in it (asked as `…/v1/archive/v1/archive`, a 404 at every
/// fetch) is an error at load naming the key and the base URL to use.
struct OpenMeteoBaseURLTests {
    @Test(arguments: [
        ("ApiURL", "https://air-quality-api.open-meteo.com/v1/air-quality", "/v1/air-quality", "https://air-quality-api.open-meteo.com"),
        ("GeocodingURL", "https://geocoding-api.open-meteo.com/v1/search/", "/v1/search", "https://geocoding-api.open-meteo.com"),
        ("ArchiveURL", "https://archive-api.open-meteo.com/v1/archive", "/v1/archive", "https://archive-api.open-meteo.com"),
        ("ArchiveURL", "http://127.0.0.1:8080/mirror/V1/Archive?x=1", "/v1/archive", "http://127.0.0.1:8080/mirror"),
    ])
    func anEndpointPathIsRefusedWithTheBaseToUse(key: String, value: String, path: String, base: String) {
        let outcome = Load.text("[Breeze]\nPollInterval=15min\n\(key)=\(value)\n")
        #expect(outcome.configuration == nil)
        #expect(outcome.errors == [
            "breezed.conf:3: \(key)=\(value): ends in the endpoint path \(path), which breezed appends itself; "
                + "set the base URL, \(key)=\(base)",
        ])
    }

    @Test(arguments: [
        "https://archive-api.open-meteo.com", "https://archive-api.open-meteo.com/", "http://127.0.0.1:8080/v1",
        "http://127.0.0.1:8080/mirror/v1/archives",
    ])
    func aBaseURLIsKept(value: String) {
        let outcome = Load.text("[Breeze]\nArchiveURL=\(value)\n")
        #expect(outcome.errors == [])
        #expect(outcome.configuration?.breeze.archiveURL == value)
    }
}
