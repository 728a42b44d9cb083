import BreezeModel

/// One location's hourly values, aligned with `times`: the ground for NowCast, forecasts and
/// back-testing. A null is nil (no data), never zero.
public struct HourlySeries: Sendable, Equatable {
    /// Hours as Open-Meteo writes them (`2026-08-20T14:00`), oldest first.
    public var times: [String]
    /// Open-Meteo's US AQI per hour (all nil when not requested or rejected).
    public var usAQI: [Int?]
    /// µg/m³ per hour, for each pollutant requested and accepted.
    public var concentrations: [Pollutant: [Double?]]
    /// grains/m³ per hour, for each pollen variable requested and accepted.
    public var pollen: [Pollen: [Double?]]
    /// Columns dropped: wrong or missing unit, wrong length, not numbers.
    public var rejectedValues: [String]

    public init(
        times: [String], usAQI: [Int?], concentrations: [Pollutant: [Double?]],
        pollen: [Pollen: [Double?]] = [:], rejectedValues: [String] = []
    ) {
        self.times = times
        self.usAQI = usAQI
        self.concentrations = concentrations
        self.pollen = pollen
        self.rejectedValues = rejectedValues
    }

    /// Checks and converts one decoded element's `hourly` block.
    init(_ payload: LocationPayload, requested: Coordinate) throws(FetchError) {
        try payload.checkPosition(against: requested)
        guard let hourly = payload.hourly else { throw .invalidLocation("no 'hourly' object") }
        let times = hourly.time
        var rejected = hourly.malformed.sorted().map { "\($0) is not a list of numbers" }

        func accepted(_ variable: String) -> [Double?]? {
            guard let column = hourly.column(variable) else { return nil }
            if let problem = AirQualityVariables.unitProblem(
                variable: variable, unit: payload.hourlyUnits[variable])
            {
                rejected.append(problem)
                return nil
            }
            guard column.count == times.count else {
                rejected.append("\(variable) has \(column.count) values for \(times.count) hours")
                return nil
            }
            return column
        }

        // An hour whose value is not plausible is an hour without data; one sentence per column
        // says why, and for how many hours.
        func plausible<Value>(
            _ variable: String, _ check: (Double, String) -> Result<Value, DroppedValue>
        ) -> [Value?]? {
            var dropped: [DroppedValue] = []
            let column = accepted(variable)?.map { value -> Value? in
                guard let value else { return nil }
                switch check(value, variable) {
                case .success(let checked): return checked
                case .failure(let reason):
                    dropped.append(reason)
                    return nil
                }
            }
            if let first = dropped.first {
                rejected.append(dropped.count == 1 ? first.description : "\(first), and \(dropped.count - 1) more hours")
            }
            return column
        }

        let aqi = plausible(AirQualityVariables.usAQI, ReportedValue.aqi)
        var concentrations: [Pollutant: [Double?]] = [:]
        for pollutant in Pollutant.allCases {
            concentrations[pollutant] = plausible(pollutant.openMeteoVariable, ReportedValue.concentration)
        }
        var pollen: [Pollen: [Double?]] = [:]
        for kind in Pollen.allCases {
            pollen[kind] = plausible(kind.rawValue, ReportedValue.concentration)
        }
        self.init(
            times: times, usAQI: aqi ?? Array(repeating: nil, count: times.count),
            concentrations: concentrations, pollen: pollen, rejectedValues: rejected)
    }
}
