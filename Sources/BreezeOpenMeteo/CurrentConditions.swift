import BreezeModel

/// One location's current air, as decoded and checked from Open-Meteo's `current` block.
public struct CurrentConditions: Sendable, Equatable {
    /// The AQI and pollutant concentrations; a value Open-Meteo sent as null is absent.
    public var reading: Reading
    /// Pollen counts in grains/m³, when pollen was requested and reported.
    public var pollen: [Pollen: Double]
    /// Values dropped because their unit was wrong or missing, or they were not numbers: one
    /// sentence each, e.g. "pm10 came in 'ppm', expected 'μg/m³'".
    public var rejectedValues: [String]

    public init(reading: Reading, pollen: [Pollen: Double] = [:], rejectedValues: [String] = []) {
        self.reading = reading
        self.pollen = pollen
        self.rejectedValues = rejectedValues
    }

    /// Checks and converts one decoded element: its position, its time, then each value's unit.
    init(_ payload: LocationPayload, requested: Coordinate) throws(FetchError) {
        try payload.checkPosition(against: requested)
        guard let current = payload.current else { throw .invalidLocation("no 'current' object") }
        guard let time = current.time else { throw .invalidLocation("no 'current.time'") }
        var rejected = current.malformed.sorted().map { "\($0) is not a number" }

        func accepted(_ variable: String) -> Double? {
            guard let value = current.values[variable] ?? nil else { return nil }
            if let problem = AirQualityVariables.unitProblem(
                variable: variable, unit: payload.currentUnits[variable])
            {
                rejected.append(problem)
                return nil
            }
            return value
        }

        let usAQI = accepted(AirQualityVariables.usAQI).flatMap { $0.isFinite ? Int($0.rounded()) : nil }
        // Sized for every pollutant up front: filled one by one, each table would grow three times.
        var concentrations = [Pollutant: Double](minimumCapacity: Pollutant.allCases.count)
        for pollutant in Pollutant.allCases {
            concentrations[pollutant] = accepted(pollutant.openMeteoVariable)
        }
        var subIndices = [Pollutant: Int](minimumCapacity: Pollutant.allCases.count)
        for pollutant in Pollutant.allCases {
            let value = accepted(AirQualityVariables.subIndexName(pollutant))
            subIndices[pollutant] = value.flatMap { $0.isFinite ? Int($0.rounded()) : nil }
        }
        var pollen: [Pollen: Double] = [:]
        for kind in Pollen.allCases {
            pollen[kind] = accepted(kind.rawValue)
        }
        self.init(
            reading: Reading(
                time: time, usAQI: usAQI, concentrations: concentrations, subIndices: subIndices),
            pollen: pollen, rejectedValues: rejected)
    }
}
