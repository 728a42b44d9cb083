import BreezeModel
import BreezeVocabulary

/// One location's current air, as decoded and checked from Open-Meteo's `current` block.
public struct CurrentConditions: Sendable, Equatable {
    /// The AQI and pollutant concentrations; a value Open-Meteo sent as null is absent.
    public var reading: Reading
    /// Pollen counts in grains/m³, when pollen was requested and reported.
    public var pollen: [Pollen: Double]
    /// Values dropped because their unit was wrong or missing, they were not numbers, or they
    /// failed `ReportedValue`'s plausibility rules: one sentence each, e.g. "pm10 came in 'ppm',
    /// expected 'μg/m³'". The reading carries them, so the daemon's record says why.
    public var rejectedValues: [String] {
        get { reading.droppedValues }
        set { reading.droppedValues = newValue }
    }

    public init(reading: Reading, pollen: [Pollen: Double] = [:], rejectedValues: [String] = []) {
        self.reading = reading
        self.pollen = pollen
        self.reading.droppedValues = rejectedValues
    }

    /// Checks and converts one decoded element: its position, its time, then each value's unit.
    init(_ payload: LocationPayload, requested: Coordinate) throws(FetchError) {
        try payload.checkPosition(against: requested)
        guard let current = payload.current else { throw .invalidLocation("no 'current' object") }
        guard let time = current.time ?? current.unixTime.map({ TimeText.openMeteo(Instant(unixSeconds: $0)) }) else {
            throw .invalidLocation("no 'current.time'")
        }
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

        func plausible<Value>(_ checked: Result<Value, DroppedValue>?) -> Value? {
            switch checked {
            case .success(let value): return value
            case .failure(let dropped): rejected.append(dropped.description)
            case nil: break
            }
            return nil
        }
        func index(_ variable: String) -> Int? {
            plausible(accepted(variable).map { ReportedValue.aqi($0, variable: variable) })
        }

        let usAQI = index(AirQualityVariables.usAQI)
        // Sized for every pollutant up front: filled one by one, each table would grow three times.
        var concentrations = [Pollutant: Double](minimumCapacity: Pollutant.allCases.count)
        for pollutant in Pollutant.allCases {
            let variable = pollutant.openMeteoVariable
            concentrations[pollutant] = plausible(
                accepted(variable).map { ReportedValue.concentration($0, variable: variable) })
        }
        var subIndices = [Pollutant: Int](minimumCapacity: Pollutant.allCases.count)
        for pollutant in Pollutant.allCases {
            subIndices[pollutant] = index(AirQualityVariables.subIndexName(pollutant))
        }
        var pollen: [Pollen: Double] = [:]
        for kind in Pollen.allCases {
            pollen[kind] = plausible(
                accepted(kind.rawValue).map { ReportedValue.concentration($0, variable: kind.rawValue) })
        }
        self.init(
            reading: Reading(
                time: ObservationTime(time), usAQI: usAQI, concentrations: concentrations, subIndices: subIndices),
            pollen: pollen, rejectedValues: rejected)
    }
}
