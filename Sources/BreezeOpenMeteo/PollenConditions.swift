import BreezeModel
import BreezeVocabulary

/// The pollen-and-UV request beside the poll: `current=` the six pollen variables and
/// `uv_index`, and `hourly=uv_index` for the location's local day (`forecast_days=1` in its
/// `timezone`) for the day's UV maximum: eight variables over one day, one call per location
/// by Open-Meteo's weight rule (`APICost.pollenAndUVCallsPerDay`).
public enum PollenRequest {
    /// The variables asked in `current=`, in order.
    public static let variables = PollenType.allCases.map(\.openMeteoVariable) + [uvIndex]
    /// The variables asked in `hourly=`.
    public static let hourlyVariables = [uvIndex]
    static let uvIndex = "uv_index"

    /// The form fields of one request; `timeZones` one per location (an IANA name, or `auto`
    /// for the zone at the coordinate), the zone whose local day the UV maximum is of.
    static func fields(timeZones: [String]) -> [(String, String)] {
        [
            ("current", variables.joined(separator: ",")), ("hourly", hourlyVariables.joined(separator: ",")),
            ("forecast_days", "1"), ("timezone", timeZones.joined(separator: ",")), ("timeformat", "unixtime"),
        ]
    }
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
        reading.uvIndexMaximumToday = dayMaximum(payload, problems: &reading.problems)
        return reading
    }

    /// The highest plausible hourly `uv_index` of the answer (its one local day); nil when none
    /// is. Dropped values are counted in one sentence, naming the first.
    static func dayMaximum(_ payload: LocationPayload, problems: inout [String]) -> Double? {
        guard let column = payload.hourly?.column(uvIndex) else { return nil }
        var maximum: Double?
        var dropped: [String] = []
        for case let value? in column {
            switch PollenReading.checkedUVIndex(value) {
            case .success(let index): maximum = max(maximum ?? index, index)
            case .failure(let reason): dropped.append(reason.description)
            }
        }
        if let first = dropped.first {
            problems.append(dropped.count == 1 ? "hourly \(first)" : "hourly \(first), and \(dropped.count - 1) more hourly uv_index values dropped")
        }
        if let malformed = payload.hourly?.malformed, malformed.contains(uvIndex) {
            problems.append("hourly uv_index is not a list of numbers")
        }
        return maximum
    }
}
