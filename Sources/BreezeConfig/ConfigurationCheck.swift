import BreezeModel
import BreezeVocabulary
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
                output: [summary(loaded.configuration)]
                    + (sensorSummary(loaded.configuration).map { [$0] } ?? [])
                    + [webSummary(loaded.configuration.web)]
                    + (loaded.configuration.breeze.statusPageExtras ? [extrasSummary(loaded.configuration)] : [])
                    + (exposureSummary(loaded.configuration).map { [$0] } ?? [])
                    + (readingsSummary(loaded.configuration.breeze.logReadings).map { [$0] } ?? [])
                    + digestSummary(loaded.configuration)
                    + MailSummary.lines(loaded.configuration),
                errors: loaded.warnings.map { "warning: \($0)" }
                    + MailSummary.warnings(loaded.configuration).map { "warning: \($0)" }
                    + ConfigurationCounts.cityWarnings(loaded.configuration, files: loaded.files).map { "warning: \($0)" },
                succeeded: true,
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

    /// `status page: +96 API calls/day for pollen and UV (every 3h), +72 for the climate
    /// trend (once a day)`: what `StatusPageExtras=yes` adds to the poll's estimate.
    public static func extrasSummary(_ configuration: Configuration) -> String {
        let cities = configuration.cities.count
        return "status page: +\(APICost.pollenAndUVCallsPerDay(locations: cities)) API calls/day for pollen and UV "
            + "(every \(DurationText.syntax(APICost.pollenAndUVInterval))), "
            + "+\(APICost.climateTrendCallsPerDay(locations: cities)) for the climate trend (once a day)"
    }

    /// `readings: logged only when they change (LogReadings=changes)`, or `readings: not logged
    /// (LogReadings=none)`; nil for the default, one per city per cycle.
    public static func readingsSummary(_ setting: LogReadingsSetting) -> String? {
        switch setting {
        case .all: nil
        case .changes: "readings: logged only when they change (LogReadings=changes)"
        case .none: "readings: not logged (LogReadings=none); alerts and errors still are"
        }
    }

    /// `pollen and UV alerts: 3 cities (2 pollen, 1 UV), +24 API calls/day (every 3h)`, or with
    /// the page's extras on `…, within the status page's pollen and UV request`; nil without any.
    public static func exposureSummary(_ configuration: Configuration) -> String? {
        let alerted = configuration.citiesWithExposureAlerts
        guard !alerted.isEmpty else { return nil }
        let pollen = alerted.filter { $0.alert.pollenThreshold != nil }.count
        let uv = alerted.filter { $0.alert.uvThreshold != nil }.count
        let cost = configuration.breeze.statusPageExtras
            ? "within the status page's pollen and UV request"
            : "+\(APICost.pollenAndUVCallsPerDay(locations: alerted.count)) API calls/day "
                + "(every \(DurationText.syntax(APICost.pollenAndUVInterval)))"
        return "pollen and UV alerts: \(Counted.text(alerted.count, "city", "cities")) (\(pollen) pollen, \(uv) UV), \(cost)"
    }

    /// `2 sensors (744 requests a day, none to Open-Meteo): backyard (PurpleAir, Paris, 720
    /// requests a day to 192.168.1.50), airnow-sf (AirNow, San Francisco, 24 requests a day to
    /// www.airnowapi.org)`: each sensor's kind, city, placement when indoor, and what polling it
    /// costs (`SensorSettings.requestsPerDay`), its host named, never its path or credentials;
    /// those of a city with `Enabled=no` last, not polled. Nil without any `[Sensor]`.
    public static func sensorSummary(_ configuration: Configuration) -> String? {
        let polled = configuration.sensors
        let unpolled = configuration.sensorsOfDisabledCities
        guard !polled.isEmpty || !unpolled.isEmpty else { return nil }
        let total = polled.reduce(0) { $0 + $1.requestsPerDay }
        let items = polled.map { sensor in
            describe(sensor, "\(Counted.text(sensor.requestsPerDay, "request")) a day to \(Redactor.place(ofURL: sensor.url))")
        } + unpolled.map { describe($0, "not polled: \($0.city) has Enabled=no") }
        return "\(Counted.text(polled.count + unpolled.count, "sensor")) "
            + "(\(Counted.text(total, "request")) a day, none to Open-Meteo): " + items.joined(separator: ", ")
    }

    private static func describe(_ sensor: SensorSettings, _ cost: String) -> String {
        "\(sensor.name) (\(sensor.kind.label), \(sensor.city), "
            + (sensor.placement == .indoor ? "indoor, " : "") + cost + ")"
    }

    /// `configuration OK: 12 cities, 3 receivers, ~1152 API calls/day`: the cities watched
    /// and the receivers delivered to, those with `Enabled=no` after them when there are any
    /// (`2 receivers (1 more with Enabled=no)`).
    public static func summary(_ configuration: Configuration) -> String {
        let cities = configuration.cities.count
        let receivers = ConfigurationCounts.enabledReceivers(configuration)
        let disabled = ConfigurationCounts.disabledReceivers(configuration)
        return "configuration OK: \(Counted.text(cities, "city", "cities")), "
            + "\(Counted.text(receivers, "receiver"))"
            + (disabled > 0 ? " (\(disabled) more with Enabled=no)" : "") + ", "
            + (configuration.breeze.heartbeatURL.map { "heartbeat to \(Redactor.place(ofURL: $0.value)), " } ?? "")
            + "~\(configuration.estimatedCallsPerDay()) API calls/day"
    }
}
