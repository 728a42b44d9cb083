import BreezeConfig
import BreezeHTTP

extension OpenMeteoEndpoints {
    /// The endpoints a configuration's `[Breeze]` section names.
    public init(_ settings: BreezeSettings) {
        self.init(
            apiURL: settings.apiURL, geocodingURL: settings.geocodingURL,
            archiveURL: settings.archiveURL, apiKey: settings.apiKey?.value)
    }
}

extension CurlTransport {
    /// The libcurl transport for `settings`: its `Timeout=` bounds each transfer, connecting
    /// takes at most 10 s of it.
    public init(settings: BreezeSettings, userAgent: String) {
        self.init(
            options: .init(
                connectTimeout: min(.seconds(10), settings.timeout), totalTimeout: settings.timeout,
                userAgent: userAgent))
    }
}
