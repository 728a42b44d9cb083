/// `AirQualityIndex`'s combination rules as an accumulator: sub-index outcomes go in one by one,
/// the overall outcome comes out, and nothing is allocated on the way — an hourly series
/// combines every hour with it, and `AirQualityIndex` uses the same rules.
///
/// The result does not depend on the order of `add` calls: the first key beyond the AQI, the
/// first key above its defined range and the earlier of two tied keys all mean the earliest in
/// `AQIKey.allCases` order.
struct IndexCombination {
    private var beyond: AQIKey?
    private var best: (value: Int, key: AQIKey)?
    // One bit per key, by `AQIKey.position`.
    private var ratedKeys: UInt16 = 0
    private var keysAboveDefinedRange: UInt16 = 0

    /// Counts `key`'s outcome.
    mutating func add(_ key: AQIKey, _ outcome: SubIndexOutcome) {
        switch outcome {
        case .index(let value):
            ratedKeys |= Self.bit(key)
            if let current = best, value < current.value || (value == current.value && current.key < key) {
                return
            }
            best = (value, key)
        case .beyondTheAQI:
            if beyond == nil || key < beyond! { beyond = key }
        case .aboveDefinedRange:
            keysAboveDefinedRange |= Self.bit(key)
        case .belowDefinedRange:
            break
        }
    }

    /// The overall outcome of what was added (`AirQualityIndex`'s rules 1–4, in order).
    var outcome: AirQualityIndex.Outcome {
        if let beyond { return .beyondTheAQI(dominant: beyond) }
        if keysAboveDefinedRange != 0 {
            for key in AQIKey.allCases where keysAboveDefinedRange & Self.bit(key) != 0 {
                let alternativeRated = key.alternative.map { ratedKeys & Self.bit($0) != 0 } ?? false
                if !alternativeRated { return .undetermined(key) }
            }
        }
        guard let best else { return .noIndex }
        return .index(best.value, dominant: best.key)
    }

    private static func bit(_ key: AQIKey) -> UInt16 { 1 << UInt16(key.position) }
}

extension AirQualityIndex.Outcome {
    /// The AQI value, when there is one.
    public var aqi: Int? {
        if case .index(let value, _) = self { return value }
        return nil
    }

    /// The key responsible for the result, when there is one.
    public var dominant: AQIKey? {
        switch self {
        case .index(_, let key), .beyondTheAQI(let key), .undetermined(let key): key
        case .noIndex: nil
        }
    }

    /// Whether the air is beyond the AQI (above 500).
    public var isBeyondTheAQI: Bool {
        if case .beyondTheAQI = self { return true }
        return false
    }

    /// Breeze's band: the value's band, Hazardous beyond the AQI, nil otherwise.
    public var band: Band? {
        if isBeyondTheAQI { return .hazardous }
        return aqi.flatMap { Band(aqi: $0) }
    }
}
