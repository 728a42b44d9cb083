/// One pollutant's averaged concentration and its sub-index, or why it has none.
public struct PollutantAverage: Sendable, Hashable {
    /// What the averaging gave.
    public enum Outcome: Sendable, Hashable {
        /// The rated averages: first the pollutant's own key (`pm2_5`, `o3`, `so2`, …), then,
        /// where EPA switches tables, the other averaging period (`o3_1h` when the 1-hour value
        /// is at least 0.125 ppm, `so2_24h` when the 1-hour SO₂ is above 304 ppb).
        case rated([SubIndex])
        /// Too few hours for the method: no sub-index.
        case tooFewHours(TooFewHours)
    }

    /// The pollutant.
    public let pollutant: Pollutant
    /// How its own key's concentration was averaged.
    public let method: AveragingMethod
    /// The result.
    public let outcome: Outcome

    /// `pollutant` averaged by `method`, giving `outcome`.
    public init(_ pollutant: Pollutant, _ method: AveragingMethod, _ outcome: Outcome) {
        self.pollutant = pollutant
        self.method = method
        self.outcome = outcome
    }

    /// The rated sub-indices, empty when there were too few hours.
    public var subIndices: [SubIndex] {
        if case .rated(let subIndices) = outcome { return subIndices }
        return []
    }

    /// The averaged concentration the pollutant's own key was rated from (µg/m³, as the
    /// `BREEZE_PM2_5_NOWCAST`-style fields carry it); nil with too few hours.
    public var concentration: Concentration? { subIndices.first?.concentration }

    /// Why there is no sub-index; nil when rated.
    public var tooFewHours: TooFewHours? {
        if case .tooFewHours(let reason) = outcome { return reason }
        return nil
    }

    /// The AQI key that rates `pollutant` by its own averaging period.
    static func ownKey(_ pollutant: Pollutant) -> AQIKey {
        switch pollutant {
        case .pm2_5: .pm2_5
        case .pm10: .pm10
        case .o3: .o3
        case .co: .co
        case .no2: .no2
        case .so2: .so2
        }
    }

    /// Pollutants in the order of their keys in `AQIKey.allCases` (PM2.5, PM10, O₃, CO, NO₂, SO₂).
    public static let ratingOrder: [Pollutant] = [.pm2_5, .pm10, .o3, .co, .no2, .so2]

    /// Rates `value` (µg/m³) as `key`; nil when it is not a concentration the calculator takes
    /// (never for checked hours: those are finite, not negative, at most 10⁹).
    static func rate(_ key: AQIKey, microgramsPerCubicMetre value: Double) -> SubIndex? {
        guard let concentration = AveragingMethod.concentration(value) else { return nil }
        return try? SubIndex(key: key, concentration: concentration)
    }

    /// `own`, and the other period's sub-index where EPA switches to it: `oneHourOzone` (µg/m³)
    /// when it rates (at least 0.125 ppm), `dailySulphurDioxide` when `own` is 1-hour SO₂ above
    /// its table (above 304 ppb). A switch whose value is missing is left out; `AirQualityIndex`
    /// then reports 1-hour SO₂ above 304 ppb as undetermined rather than understating it.
    static func withAlternative(
        _ own: SubIndex, oneHourOzone: Double? = nil, dailySulphurDioxide: () -> Double? = { nil }
    ) -> [SubIndex] {
        switch own.key {
        case .o3:
            guard let oneHourOzone, let oneHour = rate(.o3_1h, microgramsPerCubicMetre: oneHourOzone),
                oneHour.outcome != .belowDefinedRange
            else { return [own] }
            return [own, oneHour]
        case .so2 where own.outcome == .aboveDefinedRange:
            guard let mean = dailySulphurDioxide(), let daily = rate(.so2_24h, microgramsPerCubicMetre: mean)
            else { return [own] }
            return [own, daily]
        default:
            return [own]
        }
    }
}
