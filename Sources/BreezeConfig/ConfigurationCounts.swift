/// What `check-config` counts and what it warns of in a configuration that loads: the
/// receivers breezed delivers to, and the cities it would watch.
public enum ConfigurationCounts {
    /// Receivers breezed delivers to: those without `Enabled=no`.
    public static func enabledReceivers(_ configuration: Configuration) -> Int {
        configuration.webhooks.filter(\.delivery.enabled).count + configuration.emails.filter(\.delivery.enabled).count
    }

    /// Receivers with `Enabled=no`.
    public static func disabledReceivers(_ configuration: Configuration) -> Int {
        configuration.webhooks.count + configuration.emails.count - enabledReceivers(configuration)
    }

    /// A warning when breezed would watch no city, naming the files read (`files`, the main
    /// file first): none configured, or every one with `Enabled=no`. Empty otherwise.
    public static func cityWarnings(_ configuration: Configuration, files: [String]) -> [String] {
        guard configuration.cities.isEmpty else { return [] }
        let read = files.isEmpty ? "the configuration" : files.map { "'\($0)'" }.joined(separator: ", ")
        let disabled = configuration.disabledCities.map(\.city.name)
        if disabled.isEmpty {
            return ["no [City] section in \(read): breezed has nothing to watch; add one with 'breezectl add'"]
        }
        let names = disabled.map { "'\($0)'" }.joined(separator: ", ")
        return ["every city in \(read) has Enabled=no (\(names)): breezed watches none"]
    }
}
