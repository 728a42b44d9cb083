import BreezeConfig

/// Where the Open-Meteo APIs live and the commercial key, if any.
///
/// Not `CustomStringConvertible` and never printed: it holds the API key.
public struct OpenMeteoEndpoints: Sendable, Equatable {
    /// The public air-quality host; with an API key it becomes `customer-` + this host.
    public static let publicAirQualityHost = "air-quality-api.open-meteo.com"
    public static let defaultAirQualityURL = "https://air-quality-api.open-meteo.com"
    public static let defaultGeocodingURL = "https://geocoding-api.open-meteo.com"
    public static let defaultArchiveURL = "https://archive-api.open-meteo.com"

    /// Base URL of the air-quality API as configured (`ApiURL`), without `/v1/…`.
    public var apiURL: String
    public var geocodingURL: String
    public var archiveURL: String
    /// The commercial API key (`ApiKey`), sent as `apikey=`; nil for the free tier.
    public var apiKey: String?

    public init(
        apiURL: String = defaultAirQualityURL, geocodingURL: String = defaultGeocodingURL,
        archiveURL: String = defaultArchiveURL, apiKey: String? = nil
    ) {
        self.apiURL = apiURL
        self.geocodingURL = geocodingURL
        self.archiveURL = archiveURL
        self.apiKey = apiKey.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// `<ApiURL>/v1/air-quality`; with an API key and the public host, on the `customer-` host
    /// instead (a custom `ApiURL` is kept as configured).
    public var airQualityEndpoint: String {
        var base = Self.trimmingSlashes(apiURL)
        if apiKey != nil {
            for scheme in ["https://", "http://"] where base.hasPrefix(scheme + Self.publicAirQualityHost) {
                base = scheme + "customer-" + base.dropFirst(scheme.count)
            }
        }
        return base + OpenMeteoPath.airQuality
    }

    /// `<ApiURL>/data/<domain>/static/meta.json`: when the domain's model last ran. Always on
    /// the configured host (the file is served to anyone, without the key).
    public func modelRunEndpoint(_ domain: ModelDomain) -> String { Self.trimmingSlashes(apiURL) + domain.metaPath }

    /// `<GeocodingURL>/v1/search`.
    public var geocodingEndpoint: String { Self.trimmingSlashes(geocodingURL) + OpenMeteoPath.geocoding }

    /// `<ArchiveURL>/v1/archive`.
    public var archiveEndpoint: String { Self.trimmingSlashes(archiveURL) + OpenMeteoPath.archive }

    /// The setting that chose `url`'s endpoint: `ApiURL`, `GeocodingURL` or `ArchiveURL`.
    public func setting(for url: String) -> String {
        if url.hasPrefix(geocodingEndpoint) { return "GeocodingURL" }
        if url.hasPrefix(archiveEndpoint) { return "ArchiveURL" }
        return "ApiURL"
    }

    /// Replaces the API key in `text`, in every form it can come back in (as sent in a form
    /// body, `%2B` for `+`; see `Redactor`), so the key cannot leak into a message.
    public func redacting(_ text: String) -> String {
        guard let apiKey else { return text }
        return Redactor(secrets: [apiKey]).redact(text)
    }

    private static func trimmingSlashes(_ url: String) -> String {
        var url = Substring(url)
        while url.hasSuffix("/") { url.removeLast() }
        return String(url)
    }
}
