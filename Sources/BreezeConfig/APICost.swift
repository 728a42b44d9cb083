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

    /// How often the daemon asks for pollen and the UV index, for the status page and the
    /// pollen and UV alerts: pollen is a daily-rhythm model forecast, a few hours old is current
    /// enough, and asked with every poll its variables would push the poll above one call per city.
    public static let pollenAndUVInterval: Duration = .seconds(3 * 3600)
    /// The variables of that request: six pollen types and `uv_index` now, and `uv_index`
    /// hourly for the local day (its maximum), over one day.
    public static let pollenAndUVVariables = 8
    /// Date ranges of one city's climate-trend request (1980, 1990, 2000, 2010, 2020, this
    /// year); Open-Meteo's archive counts each range as a location.
    public static let climateTrendRanges = 6

    /// Calls a day the pollen-and-UV request costs for `locations`: 8 variables over one day
    /// weigh 1 call per location, asked every `pollenAndUVInterval` (8 a day per city).
    public static func pollenAndUVCallsPerDay(locations: Int) -> Int {
        let perRequest = locations * Int(weight(variables: pollenAndUVVariables).rounded(.up))
        return Int((Double(perRequest) * 86_400 / seconds(pollenAndUVInterval)).rounded(.up))
    }

    /// Calls a day the climate trend costs for `locations`: one archive request a city a
    /// local day, one variable over six one-day ranges (6 a day per city).
    public static func climateTrendCallsPerDay(locations: Int) -> Int {
        locations * climateTrendRanges * Int(weight(variables: 1).rounded(.up))
    }

    private static func seconds(_ duration: Duration) -> Double { max(0.001, duration.seconds) }
}
