import BreezeVocabulary

/// What a configuration costs on Open-Meteo, counted the way Open-Meteo counts: every location
/// in a request is at least one call, weighted by `max(1, variables/10, variables/10 × days/14)`.
public enum APICost {
    /// The variables Breeze asks for each poll: `us_aqi` and the six pollutants.
    public static let variablesPerPoll = 7

    /// Open-Meteo's free tier: fewer than 10,000 calls a day…
    public static let freeCallsPerDay = 10_000
    /// … 5,000 an hour …
    public static let freeCallsPerHour = 5_000
    /// … and 600 a minute.
    public static let freeCallsPerMinute = 600

    /// The weight of one location asking for `variables` variables over `days` days.
    public static func weight(variables: Int, days: Double = 1) -> Double {
        let byVariables = Double(variables) / 10
        return max(1, byVariables, byVariables * days / 14)
    }

    /// Calls one poll of `locations` locations costs (the weight rounded up per location).
    public static func callsPerPoll(locations: Int, variables: Int = variablesPerPoll) -> Int {
        let perLocation = weight(variables: variables).rounded(.up)
        return locations * Int(perLocation)
    }

    /// Calls a day for `locations` polled every `pollInterval`, rounded up.
    public static func estimatedCallsPerDay(
        locations: Int, pollInterval: Duration, variables: Int = variablesPerPoll
    ) -> Int {
        let pollsPerDay = 86_400 / seconds(pollInterval)
        return Int((Double(callsPerPoll(locations: locations, variables: variables)) * pollsPerDay).rounded(.up))
    }

    /// Calls in the busiest hour: every poll that starts within it.
    public static func estimatedCallsPerHour(
        locations: Int, pollInterval: Duration, variables: Int = variablesPerPoll
    ) -> Int {
        let pollsPerHour = (3600 / seconds(pollInterval)).rounded(.up)
        return callsPerPoll(locations: locations, variables: variables) * Int(pollsPerHour)
    }

    private static func seconds(_ duration: Duration) -> Double { max(0.001, duration.seconds) }
}
