/// The concentration a pollutant's category is rated on beside an AQI: the average the
/// alerting AQI used for it (`AlertingAQI.ratedAverages`: NowCast for PM, the 8-hour mean for
/// O₃ and CO, the hour for NO₂ and SO₂) when there is a usable one, else the current hour's
/// value. The one rule behind a pollutant's line in messages, its cell on the page and its
/// column in `breezectl now`, so the three rate the same value.
public struct RatedConcentration: Sendable, Hashable {
    /// The pollutant.
    public let pollutant: Pollutant
    /// The concentration rated, µg/m³.
    public let value: Double
    /// Whether `value` is the alerting AQI's average rather than the hour's.
    public let isAverage: Bool

    /// `average` when it is a concentration (finite, not negative), else `hour` as given;
    /// nil with neither.
    public init?(_ pollutant: Pollutant, average: Double?, hour: Double?) {
        if let average, average.isFinite, average >= 0 {
            value = average
            isAverage = true
        } else if let hour {
            value = hour
            isAverage = false
        } else {
            return nil
        }
        self.pollutant = pollutant
    }

    /// How `value` was averaged, as payloads and `breezectl now --json` name it: `nowcast`,
    /// `8-hour`, `1-hour`, or `hour` (the current hour's value).
    public var ratedOn: String { isAverage ? pollutant.alertingAveraging : "hour" }

    /// What a person reads after the value: `NowCast`, `8-hour`; nil for an hour's own value.
    public var methodLabel: String? { isAverage ? pollutant.alertingAveragingLabel : nil }
}
