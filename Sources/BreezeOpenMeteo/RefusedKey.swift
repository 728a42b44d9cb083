extension FetchError {
    /// Whether Open-Meteo refused the API key: 401 or 403, or the 400 its servers answer for a
    /// key they do not know ("The supplied API key is invalid."). A configuration error, not an
    /// outage: commands exit 78 for it, as for any other bad configuration.
    public var isRefusedKey: Bool {
        switch self {
        case .unauthorized: true
        case .badRequest(let reason): reason.lowercased().contains("api key")
        default: false
        }
    }
}
