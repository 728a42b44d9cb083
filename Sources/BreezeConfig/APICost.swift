import BreezeVocabulary

/// What a configuration costs on Open-Meteo, counted the way Open-Meteo counts: every location
/// in a request is at least one call, weighted by `max(1, variables/10, variables/10 × days/14)`.
public enum APICost {
    /// What each poll asks for, per location (its variables and days are the estimate's).
    public static let pollShape = PollRequestShape.standard

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
    public static func callsPerPoll(
        locations: Int, variables: Int = pollShape.variableCount, days: Double = pollShape.days
    ) -> Int {
        let perLocation = weight(variables: variables, days: days).rounded(.up)
        return locations * Int(perLocation)
    }

    /// Calls a day for `locations` polled every `pollInterval`, rounded up.
    public static func estimatedCallsPerDay(
        locations: Int, pollInterval: Duration, variables: Int = pollShape.variableCount,
        days: Double = pollShape.days
    ) -> Int {
        let pollsPerDay = 86_400 / seconds(pollInterval)
        let perPoll = callsPerPoll(locations: locations, variables: variables, days: days)
        return Int((Double(perPoll) * pollsPerDay).rounded(.up))
    }

    /// Calls in the busiest hour: every poll that starts within it.
    public static func estimatedCallsPerHour(
        locations: Int, pollInterval: Duration, variables: Int = pollShape.variableCount,
        days: Double = pollShape.days
    ) -> Int {
        let pollsPerHour = (3600 / seconds(pollInterval)).rounded(.up)
        return callsPerPoll(locations: locations, variables: variables, days: days) * Int(pollsPerHour)
    }

    private static func seconds(_ duration: Duration) -> Double { max(0.001, duration.seconds) }
}
