import BreezeModel

extension ConfigurationBuilder {
    /// The `[Breeze]` section over the defaults.
    mutating func readBreeze(_ section: MergedSection?) -> BreezeSettings {
        var settings = BreezeSettings()
        settings.stateDirectory = defaultStateDirectory()
        settings.controlSocket = ControlSocketPath.default(environment: context.environment)
        guard let section else { return settings }
        let reader = SectionReader(section: section)

        let pollInterval = reader.value("PollInterval", diagnostics: &diagnostics, Read.positiveDuration)
        if let pollInterval {
            settings.pollInterval = pollInterval.value
            if pollInterval.value < .seconds(15 * 60) {
                diagnostics.warning(
                    "PollInterval=\(reader.effective("PollInterval")!.value.text): shorter than 15min; "
                        + "Open-Meteo's data changes hourly, so faster polling only spends API calls",
                    at: pollInterval.location)
            }
        }
        if let jitter = reader.value("Jitter", diagnostics: &diagnostics, Read.duration) {
            settings.jitter = jitter.value
            if jitter.value >= settings.pollInterval {
                diagnostics.error(
                    "Jitter=\(reader.effective("Jitter")!.value.text): must be shorter than PollInterval ("
                        + DurationSyntax.format(settings.pollInterval) + ")",
                    at: jitter.location)
            }
        }
        if let timeout = reader.value("Timeout", diagnostics: &diagnostics, Read.positiveDuration) {
            settings.timeout = timeout.value
        }
        if let url = reader.value("ApiURL", diagnostics: &diagnostics, Read.openMeteoBaseURL(key: "ApiURL")) {
            settings.apiURL = url.value
        }
        if let url = reader.value("GeocodingURL", diagnostics: &diagnostics, Read.openMeteoBaseURL(key: "GeocodingURL")) {
            settings.geocodingURL = url.value
        }
        if let url = reader.value("ArchiveURL", diagnostics: &diagnostics, Read.openMeteoBaseURL(key: "ArchiveURL")) {
            settings.archiveURL = url.value
        }
        settings.apiKey = readSecret(reader, inline: "ApiKey", file: "ApiKeyFile")
        if let directory = reader.value("StateDirectory", diagnostics: &diagnostics, Read.absolutePath) {
            settings.stateDirectory = directory.value
        }
        if let socket = reader.value("ControlSocket", diagnostics: &diagnostics, Read.absolutePath) {
            settings.controlSocket = socket.value
        }
        if let url = reader.value("HeartbeatURL", diagnostics: &diagnostics, Read.heartbeatURL) {
            settings.heartbeatURL = Secret(url.value)
        }
        if let unit: (value: TemperatureUnit, location: SourceLocation) = reader.value(
            "TemperatureUnit", diagnostics: &diagnostics, Read.choice)
        {
            settings.temperatureUnit = unit.value
        }
        if let extras = reader.value("StatusPageExtras", diagnostics: &diagnostics, Read.statusPageExtras) {
            settings.statusPageExtrasSetting = extras.value
        }
        if let readings: (value: LogReadingsSetting, location: SourceLocation) = reader.value(
            "LogReadings", diagnostics: &diagnostics, Read.choice)
        {
            settings.logReadings = readings.value
        }
        return settings
    }

    /// `$STATE_DIRECTORY` (systemd's `StateDirectory=`; its first path when it lists several),
    /// else `/var/lib/breeze`.
    func defaultStateDirectory() -> String {
        let fromSystemd = context.environment["STATE_DIRECTORY"]?
            .split(separator: ":").first.map(String.init)
        if let fromSystemd, fromSystemd.hasPrefix("/") { return fromSystemd }
        return "/var/lib/breeze"
    }
}
