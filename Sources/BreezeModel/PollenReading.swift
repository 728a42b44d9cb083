/// Pollen and the UV index at one place and time, as the status page shows them and pollen
/// alerts can judge them: each count already checked (finite, not negative, at most
/// `maximumCount`), a value that failed named in `problems`, never kept.
public struct PollenReading: Sendable, Hashable {
    /// When the values hold (Open-Meteo's `current.time`, as sent), nil when unknown.
    public var time: String?
    /// Grains/m³ by type; a type the model has no value for (outside Europe, out of season)
    /// is absent, never 0.
    public var counts: [PollenType: Double]
    /// The UV index, nil when unknown.
    public var uvIndex: Double?
    /// The highest UV index of the local day the reading falls in, from the hourly forecast;
    /// nil when unknown.
    public var uvIndexMaximumToday: Double?
    /// Values dropped, one sentence each ("birch_pollen -3 is negative").
    public var problems: [String]

    /// The most grains/m³ taken as a count: record daily means stay under 100,000 (birch), and
    /// a larger figure is a broken value, not air.
    public static let maximumCount = 1_000_000.0
    /// The highest UV index taken: Earth's records are near 45.
    public static let maximumUVIndex = 100.0

    public init(time: String? = nil, counts: [PollenType: Double] = [:], uvIndex: Double? = nil, problems: [String] = []) {
        self.time = time
        self.counts = counts
        self.uvIndex = uvIndex
        self.problems = problems
    }

    /// The counts, nil when there are none: the model has no pollen here (outside Europe, out
    /// of season), which is "no data", never "none".
    public var pollen: [PollenType: Double]? { counts.isEmpty ? nil : counts }

    /// Each type's level (`PollenLevel`), for the types with a count.
    public var levels: [PollenType: PollenLevel] {
        var levels: [PollenType: PollenLevel] = [:]
        for (type, count) in counts { levels[type] = PollenLevel(type, grainsPerCubicMetre: count) }
        return levels
    }

    /// `value` of `type` as a count, or why not.
    public static func checkedCount(_ value: Double, _ type: PollenType) -> Result<Double, DroppedValue> {
        let variable = type.openMeteoVariable
        // Its own top first: far below `ReportedValue.largestConcentration`, and said in pollen's words.
        guard !(value.isFinite && value > maximumCount) else {
            return .failure(DroppedValue("\(variable) \(ReportedValue.text(value)) is beyond any pollen count"))
        }
        return ReportedValue.concentration(value, variable: variable)
    }

    /// `value` as a UV index, or why not.
    public static func checkedUVIndex(_ value: Double) -> Result<Double, DroppedValue> {
        guard !(value.isFinite && value > maximumUVIndex) else {
            return .failure(DroppedValue("uv_index \(ReportedValue.text(value)) is beyond any UV index"))
        }
        return ReportedValue.concentration(value, variable: "uv_index")
    }
}
