import BreezeModel
import Testing

struct PollutantTests {
    /// epa-aqi.md: 1 ppb O₃ = 1.963 µg/m³, NO₂ 1.882, SO₂ 2.620; 1 ppm CO = 1146 µg/m³.
    @Test(arguments: [
        (Pollutant.o3, 1.0, ConcentrationUnit.partsPerBillion, 1.963), (.no2, 1, .partsPerBillion, 1.882),
        (.so2, 1, .partsPerBillion, 2.620), (.co, 1, .partsPerMillion, 1145.6),
    ])
    func convertsToMicrogramsPerCubicMetre(pollutant: Pollutant, value: Double, unit: ConcentrationUnit, expected: Double) throws {
        let converted = try #require(pollutant.convert(value, from: unit, to: .microgramsPerCubicMetre))
        #expect(abs(converted - expected) < 0.001 * expected)
        let back = try #require(pollutant.convert(converted, from: .microgramsPerCubicMetre, to: unit))
        #expect(abs(back - value) < 1e-12)
    }

    @Test func convertsFromMicrogramsPerCubicMetre() {
        // 153 µg/m³ × 24.45 / 48.00 = 77.934… ppb.
        #expect(abs(Pollutant.o3.convert(153, from: .microgramsPerCubicMetre, to: .partsPerBillion)! - 77.934375) < 1e-9)
        #expect(abs(Pollutant.co.convert(1146, from: .microgramsPerCubicMetre, to: .partsPerMillion)! - 1.0003463) < 1e-6)
        #expect(Pollutant.o3.convert(0.078, from: .partsPerMillion, to: .partsPerBillion) == 78)
        #expect(Pollutant.no2.convert(120, from: .partsPerBillion, to: .partsPerMillion) == 0.12)
    }

    @Test(arguments: [Pollutant.pm2_5, .pm10])
    func particlesHaveNoVolumeUnits(pollutant: Pollutant) {
        #expect(pollutant.molecularWeight == nil)
        #expect(!pollutant.accepts(.partsPerBillion))
        #expect(pollutant.convert(1, from: .partsPerBillion, to: .microgramsPerCubicMetre) == nil)
        #expect(pollutant.convert(1, from: .microgramsPerCubicMetre, to: .partsPerMillion) == nil)
        #expect(pollutant.convert(12.5, from: .microgramsPerCubicMetre, to: .microgramsPerCubicMetre) == 12.5)
    }

    @Test func describesEveryPollutant() {
        #expect(Pollutant.allCases.map(\.label) == ["PM2.5", "PM10", "NO₂", "SO₂", "O₃", "CO"])
        #expect(Pollutant.allCases.map(\.molecularWeight) == [nil, nil, 46.01, 64.07, 48.00, 28.01])
        for pollutant in Pollutant.allCases {
            #expect(!pollutant.fullName.isEmpty)
            #expect(!pollutant.summary.isEmpty && !pollutant.summary.contains("\n"))
        }
    }

    /// Limits in µg/m³: 2024 breakpoints, gases converted at 25 °C.
    @Test(arguments: [
        (Pollutant.pm2_5, 9.0, 35.4), (.pm10, 54, 154), (.no2, 99.735, 188.180), (.so2, 91.716, 196.534),
        (.o3, 106.012, 137.423), (.co, 5040.654, 10768.671),
    ])
    func limitsAreInMicrogramsPerCubicMetre(pollutant: Pollutant, good: Double, moderate: Double) {
        #expect(abs(pollutant.goodLimit - good) < 0.001)
        #expect(abs(pollutant.moderateLimit - moderate) < 0.001)
    }

    @Test(arguments: [
        (Pollutant.pm2_5, 9.0, PollutantStatus.good), (.pm2_5, 9.01, .moderate), (.pm2_5, 12, .moderate),
        (.pm2_5, 35.4, .moderate), (.pm2_5, 35.5, .unhealthy),
        (.pm10, 54, .good), (.pm10, 54.1, .moderate), (.pm10, 154, .moderate), (.pm10, 154.1, .unhealthy),
        (.no2, 99.7, .good), (.no2, 99.8, .moderate), (.no2, 188.1, .moderate), (.no2, 188.2, .unhealthy),
        (.so2, 91.7, .good), (.so2, 91.8, .moderate), (.so2, 196.5, .moderate), (.so2, 196.6, .unhealthy),
        (.o3, 106, .good), (.o3, 106.1, .moderate), (.o3, 137.4, .moderate), (.o3, 137.5, .unhealthy),
        (.co, 5040, .good), (.co, 5041, .moderate), (.co, 10768, .moderate), (.co, 10769, .unhealthy),
    ])
    func statusOfAReading(pollutant: Pollutant, value: Double, status: PollutantStatus) {
        #expect(pollutant.status(microgramsPerCubicMetre: value) == status)
    }
}
