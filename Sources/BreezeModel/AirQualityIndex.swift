/// The overall EPA AQI of a set of concentrations: the highest sub-index, with its pollutant.
///
/// Rules, in order of precedence:
/// 1. Any key beyond the AQI makes the whole index beyond the AQI (dominant: the first such key).
/// 2. A key above its averaging period's defined range (8-hour O₃ over 0.200 ppm, 1-hour SO₂ over
///    304 ppb) makes the index *undetermined*, unless its alternative key (`o3_1h`, `so2_24h`)
///    was given and yields a value, which then counts like any other. Reporting a lower
///    pollutant's number instead would understate air known to be worse than the table's top.
/// 3. Otherwise the maximum sub-index; ties go to the earlier key in `AQIKey.allCases`. When
///    both `o3` and `o3_1h` rate, the larger counts, as EPA advises.
/// 4. Keys below their defined range (1-hour O₃ under 0.125 ppm, 24-hour SO₂ under 305 ppb)
///    are ignored; if nothing is left there is no index.
public struct AirQualityIndex: Sendable, Hashable {
    /// The overall result.
    public enum Outcome: Sendable, Hashable {
        /// An AQI value, 0…500, and the key that gave it.
        case index(Int, dominant: AQIKey)
        /// Above 500 on at least this key.
        case beyondTheAQI(dominant: AQIKey)
        /// This key's averaging period cannot rate a concentration that high and no alternative
        /// period was given.
        case undetermined(AQIKey)
        /// Nothing given rates on the index.
        case noIndex
    }

    /// Every key's sub-index, in `AQIKey.allCases` order.
    public let subIndices: [SubIndex]
    /// The overall result.
    public let outcome: Outcome

    /// Combines sub-indices by the rules above (at most one per key is expected).
    public init(subIndices: [SubIndex]) {
        let sorted = subIndices.sorted { $0.key < $1.key }
        self.subIndices = sorted
        outcome = Self.combine(sorted)
    }

    /// Rates every concentration and combines them; throws the first input error.
    public init(concentrations: [AQIKey: Concentration]) throws(AQIInputError) {
        var subIndices: [SubIndex] = []
        for key in AQIKey.allCases {
            guard let concentration = concentrations[key] else { continue }
            subIndices.append(try SubIndex(key: key, concentration: concentration))
        }
        self.init(subIndices: subIndices)
    }

    /// The AQI value, when there is one.
    public var aqi: Int? { outcome.aqi }

    /// The key responsible for the result, when there is one.
    public var dominant: AQIKey? { outcome.dominant }

    /// Whether the air is beyond the AQI (above 500).
    public var isBeyondTheAQI: Bool { outcome.isBeyondTheAQI }

    /// Breeze's band: the value's band, Hazardous beyond the AQI, nil otherwise.
    public var band: Band? { outcome.band }

    /// EPA's category: the value's category, Hazardous beyond the AQI, nil otherwise.
    public var category: EPACategory? { band?.category }

    /// The sub-index of `key`, if it was given.
    public func subIndex(_ key: AQIKey) -> SubIndex? {
        subIndices.first { $0.key == key }
    }

    private static func combine(_ subIndices: [SubIndex]) -> Outcome {
        var combination = IndexCombination()
        for subIndex in subIndices { combination.add(subIndex.key, subIndex.outcome) }
        return combination.outcome
    }
}
