import BreezeModel
import BreezeVocabulary

/// The pollen-and-UV request beside the poll: `current=` the six pollen variables and
/// `uv_index`, seven variables, one call per location (`APICost.pollenAndUVCallsPerDay`).
public enum PollenRequest {
    /// The variables asked, in order.
    public static let variables = PollenType.allCases.map(\.openMeteoVariable) + [uvIndex]
    static let uvIndex = "uv_index"
    private static let pollenUnit = "grains/m\u{00B3}"

    /// Checks one decoded element: its position, then each value's unit and plausibility.
    static func reading(_ payload: LocationPayload, requested: Coordinate) throws(FetchError) -> PollenReading {
        try payload.checkPosition(against: requested)
        guard let current = payload.current else { throw .invalidLocation("no 'current' object") }
        var reading = PollenReading(
            time: current.time ?? current.unixTime.map { TimeText.openMeteo(Instant(unixSeconds: $0)) })
        reading.problems = current.malformed.sorted().map { "\($0) is not a number" }
        for type in PollenType.allCases {
            let variable = type.openMeteoVariable
            guard let value = current.values[variable] ?? nil else { continue }
            guard payload.currentUnits[variable] == pollenUnit else {
                reading.problems.append("\(variable) came in '\(payload.currentUnits[variable] ?? "no unit")', expected '\(pollenUnit)'")
                continue
            }
            switch PollenReading.checkedCount(value, type) {
            case .success(let count): reading.counts[type] = count
            case .failure(let dropped): reading.problems.append(dropped.description)
            }
        }
        if let value = current.values[uvIndex] ?? nil {
            switch PollenReading.checkedUVIndex(value) {
            case .success(let index): reading.uvIndex = index
            case .failure(let dropped): reading.problems.append(dropped.description)
            }
        }
        return reading
    }
}
