import BreezeModel
/// What `breezectl check-config` and `breezed --check` print: shared so both say the same.
public enum ConfigurationCheck {
    /// The lines to print and whether the configuration is valid.
    public struct Outcome: Sendable {
        /// For standard output: the summary, on success only.
        public var output: [String]
        /// For standard error: every error, then every warning.
        public var errors: [String]
        public var succeeded: Bool
        /// The configuration, when it is valid.
        public var configuration: Configuration? = nil
    }

    /// Loads the configuration at `path` (opening the secret files `secretFiles` says) and
    /// reports on it.
    public static func run(path: String, environment: [String: String], secretFiles: SecretFileReading = .all)
        -> Outcome
    {
        do {
            let loaded = try ConfigurationLoader.load(path: path, environment: environment, secretFiles: secretFiles)
            return Outcome(
                output: [summary(loaded.configuration), webSummary(loaded.configuration.web)],
                errors: loaded.warnings.map { "warning: \($0)" }, succeeded: true,
                configuration: loaded.configuration)
        } catch {
            return Outcome(
                output: [],
                errors: error.errors.map(\.description) + error.warnings.map { "warning: \($0)" },
                succeeded: false)
        }
    }

    /// `web: listening on 127.0.0.1:8247 (or on the sockets breezed.socket passes)`, or `web: off`.
    public static func webSummary(_ web: WebSettings) -> String {
        guard !web.listen.isEmpty else { return "web: off (Listen= is empty; sockets breezed.socket passes are still served)" }
        return "web: listening on \(web.listenDescription) (or on the sockets breezed.socket passes)"
    }

    /// `configuration OK: 12 cities, 3 receivers, ~1152 API calls/day`.
    public static func summary(_ configuration: Configuration) -> String {
        let cities = configuration.cities.count
        let receivers = configuration.webhooks.count + configuration.emails.count
        return "configuration OK: \(Counted.text(cities, "city", "cities")), "
            + "\(Counted.text(receivers, "receiver")), "
            + "~\(configuration.estimatedCallsPerDay()) API calls/day"
    }
}
