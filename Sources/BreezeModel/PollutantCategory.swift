/// One pollutant's concentration in the words of the bands: the EPA category of its own
/// sub-index (PM 24-hour, O₃ and CO 8-hour, NO₂ and SO₂ 1-hour breakpoints, 2024), the same
/// six categories the AQI itself is read in.
///
/// Replaces, in what people read, the three-level `PollutantStatus`, which called PM2.5 at
/// 37.6 µg/m³ "unhealthy" under an "Unhealthy for Sensitive Groups" band.
public struct PollutantCategory: Sendable, Hashable {
    /// The pollutant rated.
    public let pollutant: Pollutant
    /// The key whose breakpoints rated it: the pollutant's own averaging period.
    public let key: AQIKey
    /// The sub-index, 0…500; nil beyond the AQI or above the key's table.
    public let subIndex: Int?
    /// The category: Hazardous beyond the AQI; above a table that stops short of 500 (8-hour
    /// O₃ over 0.200 ppm, 1-hour SO₂ over 304 ppb) the category of its top row, `orWorse`.
    public let category: EPACategory
    /// Whether the concentration is above the key's table and only the other averaging period
    /// could say how much worse: `category` is then a floor.
    public let orWorse: Bool

    /// Rates `value` µg/m³ of `pollutant` on its own key's breakpoints; nil for what is not a
    /// concentration (negative, NaN, infinite). A finite value past 10⁹ µg/m³ rates as 10⁹:
    /// far above every table's top either way.
    public init?(_ pollutant: Pollutant, microgramsPerCubicMetre value: Double) {
        let key = PollutantAverage.ownKey(pollutant)
        guard value.isFinite, value >= 0,
            let rated = PollutantAverage.rate(key, microgramsPerCubicMetre: min(value, Self.largest))
        else { return nil }
        self.pollutant = pollutant
        self.key = key
        switch rated.outcome {
        case .index(let index):
            guard let category = EPACategory(aqi: index) else { return nil }
            (subIndex, self.category, orWorse) = (index, category, false)
        case .beyondTheAQI:
            (subIndex, category, orWorse) = (nil, .hazardous, false)
        case .aboveDefinedRange:
            let top = BreakpointTable.rows(for: key).last!.indices.upperBound
            (subIndex, category, orWorse) = (nil, EPACategory(aqi: top) ?? .hazardous, true)
        case .belowDefinedRange:
            // Own keys define the AQI from zero: never reached, but never a guess either.
            return nil
        }
    }

    /// The largest concentration rated as given (µg/m³); the calculator takes no more.
    static let largest = 1e9

    /// `Unhealthy for Sensitive Groups`, `Very Unhealthy or worse`, `Hazardous`.
    public var label: String { orWorse ? category.label + " or worse" : category.label }

    /// The band slug of the category (`unhealthy-for-sensitive-groups`), for JSON.
    public var slug: String { category.slug }
}
