extension ConfigurationBuilder {
    /// Warns when the configuration would exceed Open-Meteo's free tier (no `ApiKey=`).
    mutating func warnAboutCost(_ configuration: Configuration) {
        guard configuration.breeze.apiKey == nil, let main = sources.first else { return }
        let location = SourceLocation(path: main.path, line: nil)
        let cities = configuration.cities.count
        let interval = configuration.breeze.pollInterval
        let perPoll = APICost.callsPerPoll(locations: cities)
        let perHour = APICost.estimatedCallsPerHour(locations: cities, pollInterval: interval)
        let perDay = APICost.estimatedCallsPerDay(locations: cities, pollInterval: interval)
        let advice = "poll less often, watch fewer cities, or set ApiKey= for a commercial plan"
        if perDay > APICost.freeCallsPerDay {
            diagnostics.warning(
                "~\(perDay) API calls/day exceed Open-Meteo's free tier of 10,000 a day; \(advice)",
                at: location)
        }
        // The status page's extras (on by default with Listen=), the digests and the pollen and
        // UV alerts can tip a configuration over.
        let extrasPerDay = APICost.pollenAndUVCallsPerDay(locations: configuration.pollenAndUVLocations)
            + (configuration.fetchesExtras ? APICost.climateTrendCallsPerDay(locations: cities) : 0)
        if perDay <= APICost.freeCallsPerDay, perDay + extrasPerDay > APICost.freeCallsPerDay {
            diagnostics.warning(
                "~\(perDay + extrasPerDay) API calls/day with "
                    + (configuration.breeze.statusPageExtras
                        ? "the status page's extras (pollen and UV, climate trend) "
                        : configuration.fetchesExtras ? "the digests' extras (pollen and UV, climate trend) " : "the pollen and UV alerts ")
                    + "exceed Open-Meteo's free tier of 10,000 a day; "
                    + (configuration.breeze.statusPageExtras ? "set StatusPageExtras=no, or " : "")
                    + (configuration.digestReceivers.isEmpty ? "" : "remove Digest= (a digest fetches them too), or ")
                    + advice,
                at: location)
        }
        if perHour > APICost.freeCallsPerHour {
            diagnostics.warning(
                "~\(perHour) API calls/hour exceed Open-Meteo's free tier of 5,000 an hour; \(advice)",
                at: location)
        }
        if perPoll > APICost.freeCallsPerMinute {
            diagnostics.warning(
                "\(perPoll) API calls per poll exceed Open-Meteo's free tier of 600 a minute; \(advice)",
                at: location)
        }
    }
}
